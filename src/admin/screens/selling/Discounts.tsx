import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Discounts() {
  return <EmptyState>{'Discounts'}</EmptyState>;
}

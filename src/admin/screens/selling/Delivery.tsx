import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Delivery() {
  return <EmptyState>{'Delivery'}</EmptyState>;
}

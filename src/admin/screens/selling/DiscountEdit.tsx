import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function DiscountEdit() {
  return <EmptyState>{'DiscountEdit'}</EmptyState>;
}

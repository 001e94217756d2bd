import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function PaymentMethods() {
  return <EmptyState>{'PaymentMethods'}</EmptyState>;
}

import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Products() {
  return <EmptyState>{'Products'}</EmptyState>;
}

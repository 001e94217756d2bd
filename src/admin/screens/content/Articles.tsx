import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Articles() {
  return <EmptyState>{'Articles'}</EmptyState>;
}

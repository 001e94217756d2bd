import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function ProductEdit() {
  return <EmptyState>{'ProductEdit'}</EmptyState>;
}

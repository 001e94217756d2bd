import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function ProductImport() {
  return <EmptyState>{'ProductImport'}</EmptyState>;
}

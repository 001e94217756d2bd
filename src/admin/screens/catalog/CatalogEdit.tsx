import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function CatalogEdit() {
  return <EmptyState>{'CatalogEdit'}</EmptyState>;
}

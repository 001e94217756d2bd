import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Catalogs() {
  return <EmptyState>{'Catalogs'}</EmptyState>;
}

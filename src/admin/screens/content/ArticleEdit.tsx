import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function ArticleEdit() {
  return <EmptyState>{'ArticleEdit'}</EmptyState>;
}

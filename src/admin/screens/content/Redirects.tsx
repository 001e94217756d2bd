import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Redirects() {
  return <EmptyState>{'Redirects'}</EmptyState>;
}

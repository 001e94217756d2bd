import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Settings() {
  return <EmptyState>{'Settings'}</EmptyState>;
}

import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Builder() {
  return <EmptyState>{'Builder'}</EmptyState>;
}

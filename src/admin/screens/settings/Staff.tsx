import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Staff() {
  return <EmptyState>{'Staff'}</EmptyState>;
}

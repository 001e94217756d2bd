import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Media() {
  return <EmptyState>{'Media'}</EmptyState>;
}

import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function BuilderHome() {
  return <EmptyState>{'BuilderHome'}</EmptyState>;
}

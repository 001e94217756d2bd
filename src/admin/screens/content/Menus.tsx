import { EmptyState } from '../../components/States';

/** Placeholder until the screen is built. */
export default function Menus() {
  return <EmptyState>{'Menus'}</EmptyState>;
}

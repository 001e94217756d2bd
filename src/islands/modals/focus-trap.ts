/** Keyboard focus kept inside a dialog: which elements take focus, and where Tab goes next. */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of a container that Tab reaches, in document order. */
export function focusableIn(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  );
}

/**
 * Where Tab (or Shift+Tab) must go to stay inside: the first element after the last, the last before
 * the first, the first when focus is outside; null when the browser's own move stays inside.
 */
export function nextFocusTarget(focusable: readonly HTMLElement[], active: Element | null, backwards: boolean): HTMLElement | null {
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return null;
  const index = active ? focusable.indexOf(active as HTMLElement) : -1;
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === focusable.length - 1) return first;
  return null;
}

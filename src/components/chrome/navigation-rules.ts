/**
 * Rules of the page navigation behaviour (spec 2.2, 9), kept apart from the DOM wiring so they can be
 * tested: which links are prefetched, when a failed chunk load may reload the page.
 */

/** The loading bar appears only for navigations and requests lasting longer than this. */
export const PROGRESS_DELAY_MS = 200;
/** Pause after a page has loaded before it scrolls to the hash or the top. */
export const SCROLL_DELAY_MS = 200;

/** What the browser tells about the connection (Network Information API; absent in some browsers). */
export type ConnectionInfo = { saveData?: boolean; effectiveType?: string } | undefined;

/** Prefetching is skipped on 2g connections and when the visitor asked to save data. */
export function canPrefetch(connection: ConnectionInfo): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Whether following `href` from `current` is a page navigation of this shop worth prefetching: same
 * origin, http(s), another page (not just another hash), not the API, media, a file download or a
 * language switch (which would store the language).
 */
export function isPrefetchable(href: string, current: URL): boolean {
  let target: URL;
  try {
    target = new URL(href, current);
  } catch {
    return false;
  }
  if (target.origin !== current.origin || !/^https?:$/.test(target.protocol)) return false;
  if (target.pathname === current.pathname && target.search === current.search) return false;
  if (/^\/(api|media|assets|_astro)(\/|$)/.test(target.pathname)) return false;
  if (/\.[a-z0-9]{2,5}$/i.test(target.pathname)) return false;
  return !target.searchParams.has('lang');
}

/** Whether a click on a link is a plain same-tab navigation to another page (the loading bar then shows). */
export function isPageNavigation(
  event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean },
  link: { href: string; target: string; hasDownload: boolean },
  current: URL,
): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.hasDownload || (link.target !== '' && link.target !== '_self')) return false;
  let target: URL;
  try {
    target = new URL(link.href, current);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(target.protocol)) return false;
  const sameDocument = target.origin === current.origin && target.pathname === current.pathname && target.search === current.search;
  return !(sameDocument && target.hash !== '');
}

/** Where the page scrolls after loading: the element of the hash, else the top (unless the browser restores a position). */
export function scrollTarget(hash: string, navigationType: string | undefined): { kind: 'element'; id: string } | { kind: 'top' } | null {
  if (navigationType === 'back_forward' || navigationType === 'reload') return null;
  if (hash.length > 1) {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // a malformed escape: use the hash as written
    }
    return { kind: 'element', id };
  }
  return { kind: 'top' };
}

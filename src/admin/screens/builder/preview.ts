import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import type { PreviewAction } from './content';

/**
 * The builder's side of the live preview: posts `{ author: 'shop-builder', action, payload }` to the framed
 * storefront page (same origin as the back office) and listens for its `ready` and `selectSection` messages.
 * Messages before the page said ready are dropped: on ready the whole state is sent anyway.
 */
export const BUILDER_AUTHOR = 'shop-builder';
const STOREFRONT_AUTHOR = 'storefront';

export function usePreviewChannel(
  frame: RefObject<HTMLIFrameElement | null>,
  handlers: { onReady: () => void; onSelect: (id: string) => void },
) {
  const ready = useRef(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const data = event.data as { author?: unknown; action?: unknown; payload?: unknown } | null;
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (!data || data.author !== STOREFRONT_AUTHOR) return;
      if (data.action === 'ready') {
        ready.current = true;
        latest.current.onReady();
      } else if (data.action === 'selectSection') {
        const id = (data.payload as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string') latest.current.onSelect(id);
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frame]);

  /** The frame is (re)loading: wait for its ready message again. */
  const loading = useCallback(() => {
    ready.current = false;
  }, []);

  const send = useCallback(
    (actions: PreviewAction[]) => {
      const target = frame.current?.contentWindow;
      if (!ready.current || !target) return;
      for (const { action, payload } of actions) target.postMessage({ author: BUILDER_AUTHOR, action, payload }, window.location.origin);
    },
    [frame],
  );
  return useMemo(() => ({ send, loading }), [send, loading]);
}

/** The framed address: the target's storefront path in the preview mode and the chosen language. */
export function previewUrl(path: string, lang: 'en' | 'ru'): string {
  const url = new URL(path || '/', window.location.origin);
  url.searchParams.set('preview', '1');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}`;
}

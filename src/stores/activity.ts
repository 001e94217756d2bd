import { atom } from 'nanostores';

/**
 * User activity of spec 4: the time of the last activity (mouse move, keys, touch, scroll, the tab shown
 * again), an `active` flag set by activity and cleared every second, online/offline, and `idle` after more
 * than IDLE_AFTER_MS without activity. Whoever needs to act when the shopper comes back after being idle
 * (the cart resyncs from the server) subscribes with `onReturnFromIdle`.
 */
export const IDLE_AFTER_MS = 120_000;
export const ACTIVE_FLAG_CLEAR_MS = 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'pointerdown', 'touchstart', 'scroll'] as const;

export type Activity = { lastActivityAt: number; active: boolean; online: boolean };

export const $activity = atom<Activity>({ lastActivityAt: 0, active: false, online: true });

const returnListeners = new Set<() => void>();

/** Calls `listener` on the first activity after more than IDLE_AFTER_MS without any. Returns the unsubscribe. */
export function onReturnFromIdle(listener: () => void): () => void {
  returnListeners.add(listener);
  return () => returnListeners.delete(listener);
}

/** Records an activity at `now`: sets the active flag and tells the listeners when it ends an idle time. */
export function recordActivity(now: number): void {
  const previous = $activity.get();
  const wasIdle = previous.lastActivityAt > 0 && now - previous.lastActivityAt > IDLE_AFTER_MS;
  $activity.set({ ...previous, lastActivityAt: now, active: true });
  if (wasIdle) returnListeners.forEach((listener) => listener());
}

export function isIdle(activity: Activity, now: number): boolean {
  return now - activity.lastActivityAt > IDLE_AFTER_MS;
}

let started = false;

/** Starts watching this page's activity (idempotent). */
export function startActivityTracking(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  $activity.set({ lastActivityAt: Date.now(), active: false, online: navigator.onLine });
  const touch = () => recordActivity(Date.now());
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, touch, { passive: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') touch();
  });
  window.setInterval(() => {
    if ($activity.get().active) $activity.set({ ...$activity.get(), active: false });
  }, ACTIVE_FLAG_CLEAR_MS);
  window.addEventListener('online', () => $activity.set({ ...$activity.get(), online: true }));
  window.addEventListener('offline', () => $activity.set({ ...$activity.get(), online: false }));
}

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('../../src/stores/activity');
let store: Store;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  vi.resetModules();
  store = await import('../../src/stores/activity');
  store.startActivityTracking();
});
afterEach(() => vi.useRealTimers());

describe('user activity (spec 4)', () => {
  it('sets the active flag on a mouse move and clears it within a second', () => {
    expect(store.$activity.get().active).toBe(false);
    window.dispatchEvent(new Event('mousemove'));
    expect(store.$activity.get()).toMatchObject({ active: true, lastActivityAt: 1_000_000 });
    vi.advanceTimersByTime(store.ACTIVE_FLAG_CLEAR_MS);
    expect(store.$activity.get().active).toBe(false);
  });

  it('calls back only on the first activity after more than 120000 ms idle', () => {
    const onReturn = vi.fn();
    store.onReturnFromIdle(onReturn);
    vi.advanceTimersByTime(store.IDLE_AFTER_MS);
    window.dispatchEvent(new Event('keydown'));
    expect(onReturn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(store.IDLE_AFTER_MS + 1);
    expect(store.isIdle(store.$activity.get(), Date.now())).toBe(true);
    window.dispatchEvent(new Event('mousemove'));
    expect(onReturn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event('mousemove'));
    expect(onReturn).toHaveBeenCalledTimes(1);
  });

  it('tracks online and offline', () => {
    window.dispatchEvent(new Event('offline'));
    expect(store.$activity.get().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(store.$activity.get().online).toBe(true);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserApiClient } from '../../src/lib/api-client';
import type { ApiClientError } from '../../src/lib/api-client/errors';
import { NOTIFICATION_EVENT, NOTIFICATION_TIMEOUT_MS, notificationOfFailure, withNotification } from '../../src/lib/notifications';

const failure = (status: number | 'no status', message = 'Boom'): ApiClientError => ({
  message,
  status,
  statusCode: status === 'no status' ? 500 : status,
  context: 'getCart',
  path: '/cart',
});

describe('notifications of failed calls (spec 2.4, 8)', () => {
  it('announce calls that got no answer or a server error, as a notification or an alert', () => {
    expect(notificationOfFailure(failure('no status', 'No response received from server'), 'notify')).toEqual({
      kind: 'notification',
      text: null,
    });
    expect(notificationOfFailure(failure(503, 'The shop is temporarily unavailable'), 'alert')).toEqual({
      kind: 'alert',
      text: 'The shop is temporarily unavailable',
    });
  });

  it('leave failures the shopper can fix to the form that sent them', () => {
    expect(notificationOfFailure(failure(400, 'Validation Failed'), 'notify')).toBeNull();
    expect(notificationOfFailure(failure(401, 'Invalid credentials'), 'notify')).toBeNull();
  });

  it('show the same text once, at most three at a time, and drop "offline" when back online', () => {
    const a = { kind: 'notification' as const, text: 'a' };
    expect(withNotification([a], { ...a })).toEqual([a]);
    const four = ['1', '2', '3', '4'].reduce(
      (list, text) => withNotification(list, { kind: 'notification', text }),
      [] as { kind: 'notification'; text: string }[],
    );
    expect(four.map((item) => item.text)).toEqual(['2', '3', '4']);
    expect(withNotification([{ kind: 'offline', text: null }], { kind: 'online', text: null })).toEqual([{ kind: 'online', text: null }]);
  });
});

describe('the notifications area', () => {
  const texts = {
    notification: 'Something went wrong',
    alert: 'Something went wrong',
    offline: 'You are offline',
    online: 'Back online',
    close: 'Close',
  };
  beforeEach(async () => {
    vi.useFakeTimers();
    vi.resetModules();
    document.body.innerHTML = `<div data-notifications data-texts='${JSON.stringify(texts)}'></div>`;
    await import('../../src/scripts/notifications');
  });
  afterEach(() => vi.useRealTimers());
  const shown = () => [...document.querySelectorAll('.notification p')].map((p) => p.textContent);

  it('shows a failed browser call, then hides it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Server error' }), { status: 500 })),
    );
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await createBrowserApiClient().getConfig();
    expect(result.error?.statusCode).toBe(500);
    expect(shown()).toEqual(['Server error']);
    // a settings call fails as an alert (spec 8)
    expect(document.querySelector('.notification')?.getAttribute('role')).toBe('alert');
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS);
    expect(shown()).toEqual([]);
    vi.unstubAllGlobals();
  });

  it('says when the shopper goes offline until the connection is back, and can be closed', () => {
    window.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS * 3);
    expect(shown()).toEqual(['You are offline']);
    expect(document.querySelector('.notification')?.getAttribute('role')).toBe('alert');
    window.dispatchEvent(new Event('online'));
    expect(shown()).toEqual(['Back online']);
    (document.querySelector('.notification__close') as HTMLButtonElement).click();
    expect(shown()).toEqual([]);
  });

  it('shows announced notifications with the generic text when they carry none', () => {
    document.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail: { kind: 'alert', text: null } }));
    expect(shown()).toEqual(['Something went wrong']);
  });
});

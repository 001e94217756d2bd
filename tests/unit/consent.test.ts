// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, analyticsPermissions, cookieAnswer, rejectCookies } from '../../src/lib/consent';

type ConsentWindow = Window & { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };
const denied = { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
const granted = { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };

afterEach(() => {
  localStorage.clear();
  delete (window as ConsentWindow).gtag;
  delete (window as ConsentWindow).dataLayer;
});

describe('the cookie answer (cookie bar: Accept and Reject)', () => {
  it('is not given until the visitor answers; the permissions stay denied until then', () => {
    expect(cookieAnswer()).toBeNull();
    expect(analyticsPermissions()).toEqual(denied);
  });

  it('Reject remembers the refusal and sets the four permissions to denied', () => {
    const gtag = vi.fn();
    (window as ConsentWindow).gtag = gtag;
    const events: unknown[] = [];
    window.addEventListener('shop:consent', (event) => events.push((event as CustomEvent).detail), { once: true });
    rejectCookies();
    expect(localStorage.getItem('cookieAccept')).toBe('false');
    expect(cookieAnswer()).toBe('false');
    expect(analyticsPermissions()).toEqual(denied);
    expect(gtag).toHaveBeenCalledWith('consent', 'update', denied);
    expect(events).toEqual([denied]);
  });

  it('Accept remembers the consent and grants the four permissions', () => {
    const gtag = vi.fn();
    (window as ConsentWindow).gtag = gtag;
    acceptCookies();
    expect(localStorage.getItem('cookieAccept')).toBe('true');
    expect(analyticsPermissions()).toEqual(granted);
    expect(gtag).toHaveBeenCalledWith('consent', 'update', granted);
  });

  it("Google's consent mode starts from the stored answer", async () => {
    const config = {
      googleAnalytics: 'G-1',
      googleTagManager: '',
      metaPixel: '',
      yandexMetrika: '',
      snapchatPixel: '',
      callTrackingMango: '',
      currency: 'USD',
    };
    vi.resetModules();
    const store = await import('../../src/stores/analytics');
    store.initTracking(config);
    expect(((window as ConsentWindow).dataLayer ?? []).map((entry) => [...(entry as IArguments)])[0]).toEqual([
      'consent',
      'default',
      denied,
    ]);
  });
});

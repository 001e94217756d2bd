// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingConfig } from '../../src/lib/analytics';

const none: TrackingConfig = {
  googleAnalytics: '',
  googleTagManager: '',
  metaPixel: '',
  yandexMetrika: '',
  snapchatPixel: '',
  callTrackingMango: '',
  currency: 'USD',
};
type Store = typeof import('../../src/stores/analytics');
type TrackingWindow = Window & { dataLayer?: unknown[]; fbq?: { queue: unknown[][] }; ym?: { a: unknown[][] } };

/** A fresh analytics store and page for each test (the store starts tracking once per page). */
async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import('../../src/stores/analytics');
}

const scripts = () => [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  const w = window as unknown as Record<string, unknown>;
  for (const key of ['dataLayer', 'gtag', 'fbq', '_fbq', 'ym', 'snaptr']) delete w[key];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('tracking in the browser', () => {
  it('loads the call-tracking widget with the scripts and shows the numbers it puts in as 8 (xxx) xxx-xx-xx', async () => {
    const store = await freshStore();
    document.body.innerHTML = '<header><a href="tel:+74950000000">+7 495 000-00-00</a></header><a href="/about">About</a>';
    store.initTracking({ ...none, callTrackingMango: '10001234' });
    expect(scripts()).toEqual([]);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.runAllTimersAsync();
    expect(scripts()).toEqual(['https://widgets.mango-office.ru/site/10001234']);
    const phone = document.querySelector('a[href^="tel:"]')!;
    expect(phone.classList.contains('mgo-number-10001234')).toBe(true);
    expect(document.querySelector('a[href="/about"]')!.className).toBe('');
    // what the widget does: replace the shown number with a tracked one
    phone.textContent = '+7 (812) 765-43-21';
    await vi.waitFor(() => expect(phone.textContent).toBe('8 (812) 765-43-21'));
  });

  it('does nothing at all without tracking ids', async () => {
    const store = await freshStore();
    store.initTracking(none);
    store.track({ name: 'search', searchTerm: 'linen' });
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(60_000);
    expect(scripts()).toEqual([]);
    expect((window as TrackingWindow).dataLayer).toBeUndefined();
  });

  it('queues events (also those tracked before the configuration) and inserts scripts on the first interaction', async () => {
    const store = await freshStore();
    store.track({ name: 'search', searchTerm: 'early' });
    document.body.innerHTML = `<script type="application/json" data-shop-tracking>${JSON.stringify({ ...none, googleTagManager: 'GTM-1', metaPixel: '42' })}</script>`;
    store.startTrackingFromPage();
    store.trackLead('p1');
    const w = window as TrackingWindow;
    expect(w.dataLayer).toEqual([
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
      { event: 'search', search_term: 'early' },
      { event: 'generate_lead', item_id: 'p1' },
    ]);
    expect(w.fbq!.queue).toEqual([
      ['init', '42'],
      ['track', 'PageView'],
      ['track', 'Search', { search_string: 'early' }],
      ['track', 'Lead', { content_ids: ['p1'] }],
    ]);
    expect(scripts()).toEqual([]);
    window.dispatchEvent(new Event('keydown'));
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-1', 'https://connect.facebook.net/en_US/fbevents.js']);
    expect(store.$tracking.get().scriptsInserted).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(scripts()).toHaveLength(2);
  });

  it('inserts the scripts at 20 s at the latest and tracks contact link clicks', async () => {
    const store = await freshStore();
    store.initTracking({ ...none, yandexMetrika: '456' });
    vi.advanceTimersByTime(20_000);
    expect(scripts()).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
    document.body.innerHTML = '<a href="tel:+12125550147"><span id="inner">Call</span></a><a id="plain" href="/cart">Cart</a>';
    document.getElementById('inner')!.click();
    document.getElementById('plain')!.click();
    const goals = (window as TrackingWindow).ym!.a.filter((call) => call[1] === 'reachGoal');
    expect(goals).toEqual([[456, 'reachGoal', 'contact']]);
  });
});

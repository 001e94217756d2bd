import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TRACKING_FORCE_DELAY_MS,
  TRACKING_IDLE_DELAY_MS,
  analyticsItem,
  contactChannelOf,
  isTrackingConfigured,
  itemsValue,
  providerCalls,
  providerSetupCalls,
  scheduleTrackingScripts,
  trackingIdsOf,
  trackingScriptUrls,
  callTrackingClass,
  formatCallTrackingNumber,
  type AnalyticsEvent,
  type TrackingConfig,
  type TrackingScheduleEnv,
} from '../../src/lib/analytics';
import { productDto, variationDto } from './fixtures/products';

const none: TrackingConfig = {
  googleAnalytics: '',
  googleTagManager: '',
  metaPixel: '',
  yandexMetrika: '',
  snapchatPixel: '',
  callTrackingMango: '',
  currency: 'USD',
};
const all: TrackingConfig = {
  googleAnalytics: 'G-TEST',
  googleTagManager: 'GTM-TEST',
  metaPixel: '123',
  yandexMetrika: '456',
  snapchatPixel: 'snap-1',
  callTrackingMango: '10001234',
  currency: 'USD',
};

const shirt = productDto('shirt', { title: 'Linen shirt', catalogs: [{ id: 'c', slug: 'clothing', title: 'Clothing' }] });
const white = variationDto('white-s', { sku: 'NF-1-W-S', title: 'White / S', fullPrice: 69, discountPrice: 59.9 });
const item = analyticsItem(shirt, white, 2);

describe('analytics items', () => {
  it('describe a variation by SKU (else id), product title, variant, first catalog, price and quantity', () => {
    expect(item).toEqual({ id: 'NF-1-W-S', name: 'Linen shirt', variant: 'White / S', category: 'Clothing', price: 59.9, quantity: 2 });
    expect(analyticsItem(productDto('p'), variationDto('v1', { title: '' }), 1)).toEqual({ id: 'v1', name: 'p', price: 10, quantity: 1 });
  });

  it('add up value in cents, without floating point drift', () => {
    expect(
      itemsValue([
        { ...item, price: 0.1, quantity: 3 },
        { ...item, price: 0.2, quantity: 1 },
      ]),
    ).toBe(0.5);
  });
});

describe('provider calls', () => {
  const addToCart: AnalyticsEvent = { name: 'add_to_cart', items: [item] };

  it('are empty when no provider is configured', () => {
    expect(isTrackingConfigured(none)).toBe(false);
    expect(providerCalls(addToCart, none)).toEqual([]);
    expect(providerSetupCalls(none, new Date())).toEqual([]);
    expect(trackingScriptUrls(none)).toEqual([]);
  });

  it('send an e-commerce event to each configured provider in its own vocabulary', () => {
    const calls = providerCalls(addToCart, all);
    const gaItems = [
      { item_id: 'NF-1-W-S', item_name: 'Linen shirt', item_variant: 'White / S', item_category: 'Clothing', price: 59.9, quantity: 2 },
    ];
    expect(calls).toEqual([
      { provider: 'gtag', args: ['event', 'add_to_cart', { currency: 'USD', value: 119.8, items: gaItems }] },
      { provider: 'dataLayer', entry: { ecommerce: null } },
      { provider: 'dataLayer', entry: { event: 'add_to_cart', ecommerce: { currency: 'USD', value: 119.8, items: gaItems } } },
      {
        provider: 'fbq',
        args: [
          'track',
          'AddToCart',
          {
            content_type: 'product',
            content_ids: ['NF-1-W-S'],
            contents: [{ id: 'NF-1-W-S', quantity: 2, item_price: 59.9 }],
            num_items: 2,
            value: 119.8,
            currency: 'USD',
          },
        ],
      },
      {
        provider: 'dataLayer',
        entry: {
          ecommerce: {
            currencyCode: 'USD',
            add: {
              products: [{ id: 'NF-1-W-S', name: 'Linen shirt', price: 59.9, quantity: 2, variant: 'White / S', category: 'Clothing' }],
            },
          },
        },
      },
      { provider: 'ym', args: [456, 'reachGoal', 'add_to_cart'] },
      { provider: 'snaptr', args: ['track', 'ADD_CART', { item_ids: ['NF-1-W-S'], number_items: 2, price: 119.8, currency: 'USD' }] },
    ]);
  });

  it('name every event of spec 9 for Google and Meta, with custom Meta events where there is no standard one', () => {
    const events: AnalyticsEvent[] = [
      { name: 'view_item', items: [item] },
      { name: 'remove_from_cart', items: [item] },
      { name: 'begin_checkout', items: [item], coupon: 'WELCOME10' },
      { name: 'add_shipping_info', items: [item], shippingTier: 'Express' },
      { name: 'add_payment_info', items: [item], paymentType: 'card' },
      { name: 'purchase', items: [item], transactionId: '1001', value: 127.79, shipping: 7.99, coupon: 'WELCOME10' },
      { name: 'generate_lead', productId: 'p1' },
      { name: 'search', searchTerm: 'linen' },
      { name: 'contact', channel: 'whatsapp', target: 'https://wa.me/1' },
    ];
    const config = { ...none, googleAnalytics: 'G-1', metaPixel: '1' };
    const names = events.map((event) =>
      providerCalls(event, config).map((call) => ('args' in call ? call.args.slice(0, 2).join(' ') : '')),
    );
    expect(names).toEqual([
      ['event view_item', 'track ViewContent'],
      ['event remove_from_cart', 'trackCustom RemoveFromCart'],
      ['event begin_checkout', 'track InitiateCheckout'],
      ['event add_shipping_info', 'trackCustom AddShippingInfo'],
      ['event add_payment_info', 'track AddPaymentInfo'],
      ['event purchase', 'track Purchase'],
      ['event generate_lead', 'track Lead'],
      ['event search', 'track Search'],
      ['event contact', 'track Contact'],
    ]);
    const purchase = providerCalls(events[5]!, config)[0]!;
    expect('args' in purchase && purchase.args[2]).toMatchObject({
      transaction_id: '1001',
      value: 127.79,
      shipping: 7.99,
      coupon: 'WELCOME10',
    });
    const shipping = providerCalls(events[3]!, config)[0]!;
    expect('args' in shipping && shipping.args[2]).toMatchObject({ shipping_tier: 'Express' });
  });

  it('report a purchase to Yandex Metrika with the order id and revenue', () => {
    const calls = providerCalls(
      { name: 'purchase', items: [item], transactionId: '1001', value: 127.79, shipping: 7.99 },
      { ...none, yandexMetrika: '456' },
    );
    expect(calls[0]).toEqual({
      provider: 'dataLayer',
      entry: {
        ecommerce: {
          currencyCode: 'USD',
          purchase: { actionField: { id: '1001', revenue: 127.79 }, products: [expect.objectContaining({ id: 'NF-1-W-S' })] },
        },
      },
    });
  });

  it('fall back to the analytics default currency RUB', () => {
    const [call] = providerCalls({ name: 'view_item', items: [item] }, { ...none, googleAnalytics: 'G-1', currency: '' });
    expect(call && 'args' in call && call.args[2]).toMatchObject({ currency: 'RUB' });
  });

  it('set each provider up and name its script', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(providerSetupCalls(all, now).map((call) => call.provider)).toEqual([
      'dataLayer',
      'gtag',
      'gtag',
      'fbq',
      'fbq',
      'ym',
      'snaptr',
      'snaptr',
    ]);
    expect(trackingScriptUrls(all)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST',
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://mc.yandex.ru/metrika/tag.js',
      'https://sc-static.net/scevent.min.js',
      'https://widgets.mango-office.ru/site/10001234',
    ]);
  });

  it('read the ids of the seo settings, blank when missing or not text', () => {
    const blank = { googleAnalytics: '', googleTagManager: '', metaPixel: '', yandexMetrika: '', snapchatPixel: '', callTrackingMango: '' };
    expect(trackingIdsOf({ googleAnalytics: ' G-1 ', metaPixel: 5 })).toEqual({ ...blank, googleAnalytics: 'G-1' });
    expect(trackingIdsOf(null)).toEqual(blank);
  });
});

describe('call tracking (spec 9)', () => {
  it.each([
    ['+7 (495) 123-45-67', '8 (495) 123-45-67'],
    ['74951234567', '8 (495) 123-45-67'],
    ['8 495 1234567', '8 (495) 123-45-67'],
    ['4951234567', '8 (495) 123-45-67'],
  ])('shows %s as %s', (raw, shown) => {
    expect(formatCallTrackingNumber(raw)).toBe(shown);
  });

  it('leaves numbers of other shapes alone', () => {
    expect(formatCallTrackingNumber('+1 212 555 0147 9')).toBeNull();
    expect(formatCallTrackingNumber('12345')).toBeNull();
    expect(formatCallTrackingNumber('')).toBeNull();
  });

  it('marks phone links with a class built from the widget id only', () => {
    expect(callTrackingClass('10001234')).toBe('mgo-number-10001234');
    expect(callTrackingClass('1"><x')).toBe('mgo-number-1x');
  });
});

describe('contact channels', () => {
  it.each([
    ['tel:+12125550147', 'phone'],
    ['mailto:hello@example.com', 'email'],
    ['https://wa.me/12125550147?text=Hi', 'whatsapp'],
    ['https://api.whatsapp.com/send?phone=1', 'whatsapp'],
    ['https://t.me/northfold_shop', 'telegram'],
    ['https://www.instagram.com/northfold', 'social'],
    ['https://vk.com/northfold', 'social'],
    ['https://x.com/northfold', 'social'],
  ])('%s is a %s click', (href, channel) => {
    expect(contactChannelOf(href)).toBe(channel);
  });

  it.each(['/products/linen-shirt', 'https://example.com/x', 'https://notfacebook.com', 'javascript:alert(1)'])(
    '%s is no contact',
    (href) => {
      expect(contactChannelOf(href)).toBeNull();
    },
  );
});

describe('when tracking scripts are inserted', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function env(overrides: Partial<TrackingScheduleEnv> = {}) {
    vi.useFakeTimers();
    let interact: (() => void) | null = null;
    const idle: (() => void)[] = [];
    const schedule: TrackingScheduleEnv = {
      scrolled: false,
      hasHash: false,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      whenIdle: (callback) => idle.push(callback),
      onInteraction: (callback) => {
        interact = callback;
        return () => {
          interact = null;
        };
      },
      ...overrides,
    };
    return { schedule, interact: () => interact?.(), idle, listening: () => interact !== null };
  }

  it('inserts at once when the page is scrolled or has a hash', () => {
    for (const overrides of [{ scrolled: true }, { hasHash: true }]) {
      const { schedule } = env(overrides);
      const insert = vi.fn();
      scheduleTrackingScripts(schedule, insert);
      expect(insert).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(TRACKING_FORCE_DELAY_MS);
      expect(insert).toHaveBeenCalledTimes(1);
    }
  });

  it('inserts on the first interaction, once, and stops listening and waiting', () => {
    const { schedule, interact, listening } = env();
    const insert = vi.fn();
    scheduleTrackingScripts(schedule, insert);
    vi.advanceTimersByTime(5_000);
    expect(insert).not.toHaveBeenCalled();
    interact();
    expect(insert).toHaveBeenCalledTimes(1);
    expect(listening()).toBe(false);
    vi.advanceTimersByTime(TRACKING_FORCE_DELAY_MS);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('without interaction, inserts when the browser is idle after 15 s', () => {
    const { schedule, idle } = env();
    const insert = vi.fn();
    scheduleTrackingScripts(schedule, insert);
    vi.advanceTimersByTime(TRACKING_IDLE_DELAY_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(insert).not.toHaveBeenCalled();
    idle[0]!();
    expect(insert).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TRACKING_FORCE_DELAY_MS);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('forces the insertion at 20 s when the browser never gets idle', () => {
    const { schedule } = env();
    const insert = vi.fn();
    scheduleTrackingScripts(schedule, insert);
    vi.advanceTimersByTime(TRACKING_FORCE_DELAY_MS - 1);
    expect(insert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const { schedule, interact } = env();
    const insert = vi.fn();
    scheduleTrackingScripts(schedule, insert)();
    interact();
    vi.advanceTimersByTime(TRACKING_FORCE_DELAY_MS);
    expect(insert).not.toHaveBeenCalled();
  });
});

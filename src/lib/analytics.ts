/**
 * Tracking of spec 9, its pure part: the shop's events, what each configured provider is told about
 * them, the providers' scripts, and when those scripts are inserted (after the first interaction, at
 * once when the page is scrolled or has a hash, else after 15 s when the browser is idle, forced at 20 s).
 * The browser side (queues on window, script tags, click listening) is ../stores/analytics.ts.
 */
import type { ProductDto, VariationDto } from '../contract/storefront/catalog';
import { amountToCents, centsToAmount } from './money';

/** settings.seo tracking ids; an empty id switches its provider off. */
export type TrackingIds = {
  googleAnalytics: string;
  googleTagManager: string;
  metaPixel: string;
  yandexMetrika: string;
  snapchatPixel: string;
  /** Mango Office call tracking: the widget id; the widget swaps the shop's phone numbers for tracked ones */
  callTrackingMango: string;
};

export type TrackingConfig = TrackingIds & { currency: string };

/** Analytics default currency (spec 9) when the shop has none. */
export const ANALYTICS_DEFAULT_CURRENCY = 'RUB';

export type AnalyticsItem = {
  /** SKU, else the variation id */
  id: string;
  name: string;
  variant?: string;
  category?: string;
  price: number;
  quantity: number;
};

export type ContactChannel = 'phone' | 'whatsapp' | 'telegram' | 'email' | 'social';

type Commerce = { items: AnalyticsItem[] };

export type AnalyticsEvent =
  | ({ name: 'view_item' } & Commerce)
  | ({ name: 'add_to_cart' } & Commerce)
  | ({ name: 'remove_from_cart' } & Commerce)
  | ({ name: 'begin_checkout'; coupon?: string } & Commerce)
  | ({ name: 'add_shipping_info'; shippingTier: string } & Commerce)
  | ({ name: 'add_payment_info'; paymentType: string } & Commerce)
  | ({ name: 'purchase'; transactionId: string; value: number; shipping: number; coupon?: string } & Commerce)
  | { name: 'generate_lead'; productId?: string }
  | { name: 'search'; searchTerm: string }
  | { name: 'contact'; channel: ContactChannel; target: string };

export type ProviderCall =
  | { provider: 'gtag'; args: unknown[] }
  | { provider: 'dataLayer'; entry: Record<string, unknown> }
  | { provider: 'fbq'; args: unknown[] }
  | { provider: 'ym'; args: unknown[] }
  | { provider: 'snaptr'; args: unknown[] };

// ---------------------------------------------------------------- items

/** The analytics item of a product variation. */
export function analyticsItem(
  product: Pick<ProductDto, 'title' | 'catalogs'>,
  variation: Pick<VariationDto, 'id' | 'sku' | 'title' | 'price'>,
  quantity: number,
): AnalyticsItem {
  return {
    id: variation.sku || variation.id,
    name: product.title,
    ...(variation.title ? { variant: variation.title } : {}),
    ...(product.catalogs[0] ? { category: product.catalogs[0].title } : {}),
    price: variation.price,
    quantity,
  };
}

/** Sum of price times quantity, computed in cents. */
export function itemsValue(items: readonly AnalyticsItem[]): number {
  return centsToAmount(items.reduce((total, item) => total + amountToCents(item.price) * item.quantity, 0));
}

function eventValue(event: AnalyticsEvent): number | undefined {
  if (event.name === 'purchase') return event.value;
  return 'items' in event ? itemsValue(event.items) : undefined;
}

// ---------------------------------------------------------------- providers

export function isTrackingConfigured(config: TrackingIds | null | undefined): config is TrackingIds {
  return !!config && (Object.keys(EMPTY_IDS) as (keyof TrackingIds)[]).some((key) => config[key].trim() !== '');
}

const EMPTY_IDS: TrackingIds = {
  googleAnalytics: '',
  googleTagManager: '',
  metaPixel: '',
  yandexMetrika: '',
  snapchatPixel: '',
  callTrackingMango: '',
};

/** The tracking ids of the settings' seo group, blank for anything missing. */
export function trackingIdsOf(seo: Partial<Record<keyof TrackingIds, unknown>> | null | undefined): TrackingIds {
  const ids = { ...EMPTY_IDS };
  for (const key of Object.keys(EMPTY_IDS) as (keyof TrackingIds)[]) {
    const value = seo?.[key];
    ids[key] = typeof value === 'string' ? value.trim() : '';
  }
  return ids;
}

const GA_EVENT_NAMES: Record<AnalyticsEvent['name'], string> = {
  view_item: 'view_item',
  add_to_cart: 'add_to_cart',
  remove_from_cart: 'remove_from_cart',
  begin_checkout: 'begin_checkout',
  add_shipping_info: 'add_shipping_info',
  add_payment_info: 'add_payment_info',
  purchase: 'purchase',
  generate_lead: 'generate_lead',
  search: 'search',
  contact: 'contact',
};

/** Meta Pixel standard events; the rest are sent as custom events. */
const META_EVENTS: Partial<Record<AnalyticsEvent['name'], string>> = {
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
  generate_lead: 'Lead',
  search: 'Search',
  contact: 'Contact',
};
const META_CUSTOM_EVENTS: Partial<Record<AnalyticsEvent['name'], string>> = {
  remove_from_cart: 'RemoveFromCart',
  add_shipping_info: 'AddShippingInfo',
};

/** Snap Pixel events; events without a Snap counterpart are not sent to Snap. */
const SNAP_EVENTS: Partial<Record<AnalyticsEvent['name'], string>> = {
  view_item: 'VIEW_CONTENT',
  add_to_cart: 'ADD_CART',
  begin_checkout: 'START_CHECKOUT',
  add_payment_info: 'ADD_BILLING',
  purchase: 'PURCHASE',
  search: 'SEARCH',
};

/** Yandex Metrika e-commerce actions, read from the data layer. */
const YANDEX_ECOMMERCE_ACTIONS: Partial<Record<AnalyticsEvent['name'], string>> = {
  view_item: 'detail',
  add_to_cart: 'add',
  remove_from_cart: 'remove',
  purchase: 'purchase',
};

function googleParams(event: AnalyticsEvent, currency: string): Record<string, unknown> {
  switch (event.name) {
    case 'generate_lead':
      return event.productId ? { item_id: event.productId } : {};
    case 'search':
      return { search_term: event.searchTerm };
    case 'contact':
      return { method: event.channel, link_url: event.target };
    default: {
      const params: Record<string, unknown> = {
        currency,
        value: eventValue(event),
        items: event.items.map((item) => ({
          item_id: item.id,
          item_name: item.name,
          ...(item.variant ? { item_variant: item.variant } : {}),
          ...(item.category ? { item_category: item.category } : {}),
          price: item.price,
          quantity: item.quantity,
        })),
      };
      if (event.name === 'add_shipping_info') params.shipping_tier = event.shippingTier;
      if (event.name === 'add_payment_info') params.payment_type = event.paymentType;
      if (event.name === 'purchase') Object.assign(params, { transaction_id: event.transactionId, shipping: event.shipping });
      if ((event.name === 'purchase' || event.name === 'begin_checkout') && event.coupon) params.coupon = event.coupon;
      return params;
    }
  }
}

function metaParams(event: AnalyticsEvent, currency: string): Record<string, unknown> {
  switch (event.name) {
    case 'generate_lead':
      return event.productId ? { content_ids: [event.productId] } : {};
    case 'search':
      return { search_string: event.searchTerm };
    case 'contact':
      return { channel: event.channel };
    default:
      return {
        content_type: 'product',
        content_ids: event.items.map((item) => item.id),
        contents: event.items.map((item) => ({ id: item.id, quantity: item.quantity, item_price: item.price })),
        num_items: event.items.reduce((count, item) => count + item.quantity, 0),
        value: eventValue(event),
        currency,
      };
  }
}

function snapParams(event: AnalyticsEvent, currency: string): Record<string, unknown> {
  if (event.name === 'search') return { search_string: event.searchTerm };
  if (!('items' in event)) return {};
  return {
    item_ids: event.items.map((item) => item.id),
    number_items: event.items.reduce((count, item) => count + item.quantity, 0),
    price: eventValue(event),
    currency,
    ...(event.name === 'purchase' ? { transaction_id: event.transactionId } : {}),
  };
}

function yandexEcommerce(event: AnalyticsEvent, currency: string): Record<string, unknown> | null {
  const action = YANDEX_ECOMMERCE_ACTIONS[event.name];
  if (!action || !('items' in event)) return null;
  const products = event.items.map((item) => ({
    id: item.id,
    name: item.name,
    price: item.price,
    quantity: item.quantity,
    ...(item.variant ? { variant: item.variant } : {}),
    ...(item.category ? { category: item.category } : {}),
  }));
  const actionField = event.name === 'purchase' ? { actionField: { id: event.transactionId, revenue: event.value } } : {};
  return { ecommerce: { currencyCode: currency, [action]: { ...actionField, products } } };
}

/** What every configured provider is told about an event, in the order the calls are made. */
export function providerCalls(event: AnalyticsEvent, config: TrackingConfig): ProviderCall[] {
  const currency = config.currency || ANALYTICS_DEFAULT_CURRENCY;
  const calls: ProviderCall[] = [];
  if (config.googleAnalytics) calls.push({ provider: 'gtag', args: ['event', GA_EVENT_NAMES[event.name], googleParams(event, currency)] });
  if (config.googleTagManager) {
    if ('items' in event) calls.push({ provider: 'dataLayer', entry: { ecommerce: null } });
    const params = googleParams(event, currency);
    calls.push({
      provider: 'dataLayer',
      entry: { event: GA_EVENT_NAMES[event.name], ...('items' in event ? { ecommerce: params } : params) },
    });
  }
  if (config.metaPixel) {
    const standard = META_EVENTS[event.name];
    const custom = META_CUSTOM_EVENTS[event.name];
    if (standard) calls.push({ provider: 'fbq', args: ['track', standard, metaParams(event, currency)] });
    else if (custom) calls.push({ provider: 'fbq', args: ['trackCustom', custom, metaParams(event, currency)] });
  }
  if (config.yandexMetrika) {
    const ecommerce = yandexEcommerce(event, currency);
    if (ecommerce) calls.push({ provider: 'dataLayer', entry: ecommerce });
    calls.push({ provider: 'ym', args: [Number(config.yandexMetrika), 'reachGoal', GA_EVENT_NAMES[event.name]] });
  }
  if (config.snapchatPixel) {
    const snap = SNAP_EVENTS[event.name];
    if (snap) calls.push({ provider: 'snaptr', args: ['track', snap, snapParams(event, currency)] });
  }
  return calls;
}

/** Calls that set each configured provider up (queued until its script arrives). */
export function providerSetupCalls(config: TrackingIds, now: Date): ProviderCall[] {
  const calls: ProviderCall[] = [];
  if (config.googleTagManager) calls.push({ provider: 'dataLayer', entry: { 'gtm.start': now.getTime(), event: 'gtm.js' } });
  if (config.googleAnalytics)
    calls.push({ provider: 'gtag', args: ['js', now] }, { provider: 'gtag', args: ['config', config.googleAnalytics] });
  if (config.metaPixel) calls.push({ provider: 'fbq', args: ['init', config.metaPixel] }, { provider: 'fbq', args: ['track', 'PageView'] });
  if (config.yandexMetrika) {
    calls.push({
      provider: 'ym',
      args: [Number(config.yandexMetrika), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, ecommerce: 'dataLayer' }],
    });
  }
  if (config.snapchatPixel)
    calls.push({ provider: 'snaptr', args: ['init', config.snapchatPixel] }, { provider: 'snaptr', args: ['track', 'PAGE_VIEW'] });
  return calls;
}

/** Addresses of the providers' scripts for the configured ids. */
export function trackingScriptUrls(config: TrackingIds): string[] {
  const urls: string[] = [];
  if (config.googleTagManager) urls.push(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.googleTagManager)}`);
  if (config.googleAnalytics) urls.push(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.googleAnalytics)}`);
  if (config.metaPixel) urls.push('https://connect.facebook.net/en_US/fbevents.js');
  if (config.yandexMetrika) urls.push('https://mc.yandex.ru/metrika/tag.js');
  if (config.snapchatPixel) urls.push('https://sc-static.net/scevent.min.js');
  if (config.callTrackingMango) urls.push(`${MANGO_WIDGET_ORIGIN}/site/${encodeURIComponent(config.callTrackingMango)}`);
  return urls;
}

// ---------------------------------------------------------------- call tracking

export const MANGO_WIDGET_ORIGIN = 'https://widgets.mango-office.ru';
/** Elements the call-tracking widget rewrites carry `mgo-number-{id}` (Mango Office's convention). */
export const callTrackingClass = (id: string) => `mgo-number-${id.replace(/[^\w-]/g, '')}`;

/**
 * Spec 9: a call-tracking number is shown as `8 (xxx) xxx-xx-xx`. Russian numbers of 11 digits starting
 * with 7 or 8, or 10 digits without the trunk prefix, are reformatted; anything else is left as it is (null).
 */
export function formatCallTrackingNumber(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  const national =
    digits.length === 11 && (digits[0] === '7' || digits[0] === '8') ? digits.slice(1) : digits.length === 10 ? digits : null;
  if (!national) return null;
  return `8 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8, 10)}`;
}

// ---------------------------------------------------------------- contact clicks

const SOCIAL_HOSTS = [
  'facebook.com',
  'instagram.com',
  'vk.com',
  'tiktok.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'medium.com',
  'youtube.com',
  'ok.ru',
];

/** The contact channel a link opens, or null for any other link. */
export function contactChannelOf(href: string): ContactChannel | null {
  const value = href.trim().toLowerCase();
  if (value.startsWith('tel:')) return 'phone';
  if (value.startsWith('mailto:')) return 'email';
  if (value.startsWith('whatsapp:')) return 'whatsapp';
  if (value.startsWith('tg:')) return 'telegram';
  let host: string;
  try {
    host = new URL(value).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
  if (host === 'wa.me' || host.endsWith('whatsapp.com')) return 'whatsapp';
  if (host === 't.me' || host === 'telegram.me') return 'telegram';
  if (SOCIAL_HOSTS.some((social) => host === social || host.endsWith(`.${social}`))) return 'social';
  return null;
}

// ---------------------------------------------------------------- when scripts are inserted

export const TRACKING_IDLE_DELAY_MS = 15_000;
export const TRACKING_FORCE_DELAY_MS = 20_000;
export const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'mousemove', 'scroll'] as const;

export type TrackingScheduleEnv = {
  /** The page is already scrolled down. */
  scrolled: boolean;
  /** The address has a #hash. */
  hasHash: boolean;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Runs the callback when the browser is idle (requestIdleCallback). */
  whenIdle: (callback: () => void) => void;
  /** Calls the callback on the first interaction; answers a function that stops listening. */
  onInteraction: (callback: () => void) => () => void;
};

/**
 * Calls `insert` exactly once: at once when the page is scrolled or has a hash, else on the first
 * interaction, else when the browser is idle after 15 s, and at 20 s at the latest. Answers a cancel.
 */
export function scheduleTrackingScripts(env: TrackingScheduleEnv, insert: () => void): () => void {
  let done = false;
  const timers: unknown[] = [];
  let stopListening: () => void = () => {};
  const cancel = () => {
    done = true;
    stopListening();
    timers.forEach((timer) => env.clearTimeout(timer));
  };
  const fire = () => {
    if (done) return;
    cancel();
    insert();
  };
  if (env.scrolled || env.hasHash) {
    fire();
    return cancel;
  }
  stopListening = env.onInteraction(fire);
  timers.push(env.setTimeout(() => env.whenIdle(fire), TRACKING_IDLE_DELAY_MS));
  timers.push(env.setTimeout(fire, TRACKING_FORCE_DELAY_MS));
  return cancel;
}

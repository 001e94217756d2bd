/**
 * Tracking in the browser: one entry point (`track`) for the events of spec 9, sent to the providers
 * configured in settings.seo. Each provider's queue is set up at once, so nothing tracked early is lost,
 * and its script is inserted only when ../lib/analytics.ts says so. Nothing happens without a tracking id.
 */
import { atom } from 'nanostores';
import {
  INTERACTION_EVENTS,
  contactChannelOf,
  isTrackingConfigured,
  providerCalls,
  providerSetupCalls,
  scheduleTrackingScripts,
  trackingScriptUrls,
  callTrackingClass,
  formatCallTrackingNumber,
  type AnalyticsEvent,
  type ProviderCall,
  type TrackingConfig,
} from '../lib/analytics';
import { analyticsPermissions } from '../lib/consent';

/** The element carrying the page's tracking configuration as JSON (see islands/shop/Tracking.astro). */
export const TRACKING_CONFIG_SELECTOR = 'script[data-shop-tracking]';
const MAX_EARLY_EVENTS = 100;

type QueueFunction = ((...args: unknown[]) => void) & { [key: string]: unknown; callMethod?: unknown; handleRequest?: unknown };
type TrackingWindow = Window & {
  dataLayer?: unknown[];
  gtag?: QueueFunction;
  fbq?: QueueFunction;
  _fbq?: QueueFunction;
  ym?: QueueFunction;
  snaptr?: QueueFunction;
};

export type TrackingState = { config: TrackingConfig | null; scriptsInserted: boolean };
export const $tracking = atom<TrackingState>({ config: null, scriptsInserted: false });

/** Events tracked before the configuration is known. */
const early: AnalyticsEvent[] = [];

const win = () => window as TrackingWindow;

/** The providers' own queue stubs, as their snippets define them, so calls wait for the scripts. */
function installQueues(config: TrackingConfig): void {
  const w = win();
  w.dataLayer ??= [];
  if (config.googleAnalytics && !w.gtag) {
    w.gtag = function gtag() {
      // gtag.js expects the arguments object itself in the data layer, not an array.
      // biome-ignore lint/complexity/noArguments: gtag.js reads the arguments object itself
      w.dataLayer!.push(arguments);
    } as QueueFunction;
  }
  if (config.metaPixel && !w.fbq) {
    const fbq = queueFunction((self, args) =>
      typeof self.callMethod === 'function' ? self.callMethod(...args) : queueOf(self, 'queue').push(args),
    );
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
    w.fbq = fbq;
    w._fbq ??= fbq;
  }
  if (config.yandexMetrika && !w.ym) {
    w.ym = queueFunction((self, args) => queueOf(self, 'a').push(args));
    w.ym.l = Date.now();
  }
  if (config.snapchatPixel && !w.snaptr) {
    w.snaptr = queueFunction((self, args) =>
      typeof self.handleRequest === 'function' ? self.handleRequest(...args) : queueOf(self, 'queue').push(args),
    );
    w.snaptr.queue = [];
  }
}

/** A function that hands its calls to `onCall` along with itself, where the provider's script later hooks in. */
function queueFunction(onCall: (self: QueueFunction, args: unknown[]) => void): QueueFunction {
  const self = ((...args: unknown[]) => onCall(self, args)) as QueueFunction;
  return self;
}

function queueOf(target: QueueFunction, key: string): unknown[] {
  const queue = target[key];
  if (Array.isArray(queue)) return queue;
  const created: unknown[] = [];
  target[key] = created;
  return created;
}

function apply(call: ProviderCall): void {
  const w = win();
  if (call.provider === 'dataLayer') (w.dataLayer ??= []).push(call.entry);
  else w[call.provider]?.(...call.args);
}

/**
 * Call tracking: the shop's phone links are marked for the widget, and whatever number the widget puts in
 * them is shown in the spec's `8 (xxx) xxx-xx-xx` shape.
 */
function startCallTracking(id: string): void {
  const className = callTrackingClass(id);
  const reformat = (element: Element) => {
    const formatted = formatCallTrackingNumber(element.textContent ?? '');
    if (formatted && element.textContent !== formatted) element.textContent = formatted;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target instanceof Element ? record.target : record.target.parentElement;
      const link = element?.closest(`.${className}`);
      if (link) reformat(link);
    }
  });
  for (const link of document.querySelectorAll('a[href^="tel:"]')) {
    link.classList.add('mgo-number', className);
    observer.observe(link, { childList: true, characterData: true, subtree: true });
  }
}

function insertScripts(config: TrackingConfig): void {
  if (config.callTrackingMango) startCallTracking(config.callTrackingMango);
  for (const src of trackingScriptUrls(config)) {
    if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) continue;
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    document.head.appendChild(script);
  }
  $tracking.set({ ...$tracking.get(), scriptsInserted: true });
}

function browserSchedule() {
  return {
    scrolled: window.scrollY > 0,
    hasHash: window.location.hash.length > 1,
    setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
    whenIdle: (callback: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(callback) : window.setTimeout(callback, 0),
    onInteraction: (callback: () => void) => {
      for (const type of INTERACTION_EVENTS) window.addEventListener(type, callback, { passive: true, once: true });
      return () => INTERACTION_EVENTS.forEach((type) => window.removeEventListener(type, callback));
    },
  };
}

function trackContactClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  const href = link?.getAttribute('href');
  const channel = href ? contactChannelOf(href) : null;
  if (channel && href) track({ name: 'contact', channel, target: href });
}

/** Starts tracking on this page with the shop's configuration (idempotent). */
export function initTracking(config: TrackingConfig): void {
  if ($tracking.get().config || typeof window === 'undefined') return;
  $tracking.set({ config, scriptsInserted: false });
  if (isTrackingConfigured(config)) {
    installQueues(config);
    // Google's consent mode: the four permissions stay denied until the visitor accepts cookies
    if (config.googleAnalytics) win().gtag?.('consent', 'default', analyticsPermissions());
    providerSetupCalls(config, new Date()).forEach(apply);
    scheduleTrackingScripts(browserSchedule(), () => insertScripts(config));
    document.addEventListener('click', trackContactClick, true);
  }
  early.splice(0).forEach(track);
}

/** Reads the configuration the page rendered (islands/shop/Tracking.astro) and starts tracking. */
export function startTrackingFromPage(): void {
  const element = document.querySelector(TRACKING_CONFIG_SELECTOR);
  if (!element?.textContent) return;
  try {
    initTracking(JSON.parse(element.textContent) as TrackingConfig);
  } catch (error) {
    console.error('Unreadable tracking configuration', error);
  }
}

/** Sends an event to every configured provider. */
export function track(event: AnalyticsEvent): void {
  const { config } = $tracking.get();
  if (!config) {
    if (early.length < MAX_EARLY_EVENTS) early.push(event);
    return;
  }
  if (isTrackingConfigured(config)) providerCalls(event, config).forEach(apply);
}

/** For the lead form: an enquiry was sent (about a product, when given). */
export function trackLead(productId?: string | null): void {
  track(productId ? { name: 'generate_lead', productId } : { name: 'generate_lead' });
}

/** For the site search: a search was run. */
export function trackSearch(searchTerm: string): void {
  track({ name: 'search', searchTerm });
}

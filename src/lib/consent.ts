/** The cookie and age answers (spec 2.7), kept in the browser's storage. Framework-free. */

export const COOKIE_ACCEPT_KEY = 'cookieAccept';
export const AGE_CONFIRM_KEY = 'ageVerificationConfirm';

/** The four consent-mode permissions the visitor's consent switches on. */
export const ANALYTICS_PERMISSIONS = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;

type ConsentWindow = Window & { gtag?: (...args: unknown[]) => void };

function remember(key: string): void {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // Storage blocked: the question comes back on the next page, nothing else breaks.
  }
}

/**
 * Remembers the consent and switches the four permissions on: through Google's consent mode when the
 * shop's tracking has set it up, and as a `shop:consent` event for any other tracking code.
 */
export function acceptCookies(): void {
  remember(COOKIE_ACCEPT_KEY);
  const permissions = Object.fromEntries(ANALYTICS_PERMISSIONS.map((name) => [name, 'granted']));
  (window as ConsentWindow).gtag?.('consent', 'update', permissions);
  window.dispatchEvent(new CustomEvent('shop:consent', { detail: permissions }));
}

export function confirmAge(): void {
  remember(AGE_CONFIRM_KEY);
}

/** The cookie and age answers (spec 2.7), kept in the browser's storage. Framework-free. */

export const COOKIE_ACCEPT_KEY = 'cookieAccept';
export const AGE_CONFIRM_KEY = 'ageVerificationConfirm';

/** The four consent-mode permissions the visitor's consent switches on. */
export const ANALYTICS_PERMISSIONS = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;

type ConsentWindow = Window & { gtag?: (...args: unknown[]) => void };

/** The stored cookie answer: 'true' accepted, 'false' refused (the cookie bar's Reject), else not answered. */
export function cookieAnswer(): 'true' | 'false' | null {
  try {
    const value = localStorage.getItem(COOKIE_ACCEPT_KEY);
    return value === 'true' || value === 'false' ? value : null;
  } catch {
    return null;
  }
}

/** The four permissions as the visitor's answer sets them: granted only after Accept. */
export function analyticsPermissions(
  granted: boolean = cookieAnswer() === 'true',
): Record<(typeof ANALYTICS_PERMISSIONS)[number], 'granted' | 'denied'> {
  const value = granted ? 'granted' : 'denied';
  return Object.fromEntries(ANALYTICS_PERMISSIONS.map((name) => [name, value])) as Record<
    (typeof ANALYTICS_PERMISSIONS)[number],
    'granted' | 'denied'
  >;
}

function remember(key: string, value: 'true' | 'false' = 'true'): void {
  try {
    localStorage.setItem(key, value);
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
  announce(analyticsPermissions(true));
}

/**
 * The cookie bar's Reject: the refusal is remembered ('false', so the bar is not shown again) and the
 * four permissions stay off; they are also set to denied where tracking code listens.
 */
export function rejectCookies(): void {
  remember(COOKIE_ACCEPT_KEY, 'false');
  announce(analyticsPermissions(false));
}

function announce(permissions: Record<string, string>): void {
  (window as ConsentWindow).gtag?.('consent', 'update', permissions);
  window.dispatchEvent(new CustomEvent('shop:consent', { detail: permissions }));
}

export function confirmAge(): void {
  remember(AGE_CONFIRM_KEY);
}

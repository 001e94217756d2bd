/**
 * Abandoned-checkout recovery in the browser: the random key that names this browser's checkout to the shop, the
 * cart reported to the shop while it has one (so an emptied cart is never reminded about), and a reminder's link
 * turned back into the cart.
 */
import type { Language } from '../lib/localize';
import { $cart, addToCart, setCartQuantity } from './cart';
import { shopApi } from './user';

export const RECOVERY_KEY_STORAGE = 'checkout-recovery-key';
const REPORT_DELAY_MS = 800;

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export function recoveryKey(): string | null {
  return storage()?.getItem(RECOVERY_KEY_STORAGE) ?? null;
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** After an order: the next checkout is a new one. */
export function forgetRecoveryKey(): void {
  storage()?.removeItem(RECOVERY_KEY_STORAGE);
}

const lines = () => $cart.get().list.map(({ variationId, quantity }) => ({ variationId, quantity }));

let timer: ReturnType<typeof setTimeout> | undefined;
let pendingContact: { email: string | null; consent: boolean } | undefined;
let reportLang: Language = 'en';

function scheduleReport(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const key = recoveryKey();
    if (!key) return;
    const contact = pendingContact;
    pendingContact = undefined;
    void shopApi({ lang: reportLang }).reportCheckout({ key, items: lines(), ...(contact ? { contact } : {}) });
  }, REPORT_DELAY_MS);
}

/**
 * The checkout's contacts: a signed-in shopper's account, or an e-mail typed with consent, start a checkout the shop
 * may remind about; unticking the consent tells the shop to forget it.
 */
export function reportCheckoutContacts(lang: Language, contact: { email: string | null; consent: boolean }, signedIn: boolean): void {
  if (!recoveryKey()) {
    if (!signedIn && !(contact.consent && contact.email)) return;
    storage()?.setItem(RECOVERY_KEY_STORAGE, newKey());
  }
  reportLang = lang;
  pendingContact = contact;
  scheduleReport();
}

let watching = false;

/** Every change of the cart reaches the shop while this browser has a checkout it may remind about (idempotent). */
export function watchCartForRecovery(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  let last = JSON.stringify(lines());
  $cart.listen(() => {
    const now = JSON.stringify(lines());
    if (now === last) return;
    last = now;
    if (recoveryKey()) scheduleReport();
  });
}

export type RestoreResult = 'restored' | 'invalid' | 'unavailable';

/** A reminder's cart link: its lines join the cart, and this browser takes over the checkout. */
export async function restoreFromLink(token: string, lang: Language): Promise<RestoreResult> {
  const api = shopApi({ lang });
  const { data } = await api.restoreCheckout(token);
  if (!data) return 'invalid';
  storage()?.setItem(RECOVERY_KEY_STORAGE, data.key);
  let added = 0;
  for (const line of data.items) {
    const { data: product } = await api.getProductByVariation(line.variationId);
    if (!product) continue;
    const inCart = $cart.get().list.find((item) => item.variationId === line.variationId);
    const result = inCart
      ? setCartQuantity(line.variationId, Math.max(inCart.quantity, line.quantity))
      : addToCart(product, line.variationId, line.quantity);
    if (result.ok) added += 1;
  }
  return added > 0 ? 'restored' : 'unavailable';
}

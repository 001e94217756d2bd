import type { Language } from '../../lib/localize';
import type { MoneyFormat } from '../shop/money';
import { shopText, type ShopTextKey } from '../shop/texts';

/**
 * What the header's cart icon tells the cart drawer (its `data-cart-drawer` attribute, JSON): the shop's
 * site type and price format, and the few texts the drawer's first frame shows before its island has loaded
 * (./cart-drawer-shell.ts); the language is the page's.
 */
export type CartDrawerDetails = { lang: Language; siteType: string; money: MoneyFormat };

/** The drawer's first frame's texts, in the page's language, by what they name. */
export type CartShellTexts = { title: string; empty: string; subtotal: string; checkout: string; viewCart: string; loading: string };

const SHELL_KEYS = (ecommerce: boolean): Record<keyof CartShellTexts, ShopTextKey> => ({
  title: ecommerce ? 'cart' : 'order',
  empty: ecommerce ? 'cartEmpty' : 'orderEmpty',
  subtotal: 'subtotal',
  checkout: 'checkout',
  viewCart: ecommerce ? 'viewCart' : 'viewOrder',
  loading: 'loadingCart',
});

export function cartDrawerAttribute(siteType: string, money: MoneyFormat, lang: Language): string {
  const keys = SHELL_KEYS(siteType === 'ecommerce');
  const texts = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, shopText(lang, key)])) as CartShellTexts;
  return JSON.stringify({ siteType, money, texts });
}

import type { Language } from '../../lib/localize';
import type { MoneyFormat } from '../shop/money';

/**
 * What the header's cart icon tells the cart drawer (its `data-cart-drawer` attribute, JSON): the shop's
 * site type and price format; the language is the page's.
 */
export type CartDrawerDetails = { lang: Language; siteType: string; money: MoneyFormat };

export function cartDrawerAttribute(siteType: string, money: MoneyFormat): string {
  return JSON.stringify({ siteType, money });
}

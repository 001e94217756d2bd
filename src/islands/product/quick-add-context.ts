import type { Language } from '../../lib/localize';
import type { MoneyFormat } from '../shop/money';
import type { ShopTextSlice } from './product-texts';

/** What a product card's quick add button carries (data-quick-add) for the dialog loaded on its first tap. */
export interface QuickAddContext {
  slug: string;
  lang: Language;
  siteType: string;
  money: MoneyFormat;
  texts: ShopTextSlice;
}

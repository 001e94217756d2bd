/**
 * The product page's islands get their texts from the page, in its language only: a slice of the locales'
 * `shop` namespace picked on the server (src/components/product/pick-shop-texts.ts). Importing the
 * dictionaries here would ship every namespace of both languages (one shared chunk) on the first visit.
 */
import { dictionaryTranslator, type Dictionary } from '../../lib/dictionary';
import type { Language } from '../../lib/localize';
import type { ShopTextKey, ShopTranslate } from '../shop/texts';

/** Some texts of the `shop` namespace in one language, nested as in the locale files. */
export type ShopTextSlice = Dictionary;

/** Reads a slice as the dictionaries are read (plural forms, placeholders); a missing text shows its key. */
export function sliceTranslator(texts: ShopTextSlice, lang: Language): ShopTranslate {
  return dictionaryTranslator({ en: texts, ru: texts }, lang) as unknown as ShopTranslate;
}

/** The buy box's texts (the shared Price and QuantityStepper included). */
export const BUY_BOX_TEXT_KEYS = [
  'gallery',
  'showImage',
  'playVideo',
  'zoomImage',
  'lightboxClose',
  'lightboxZoom',
  'lightboxPrevious',
  'lightboxNext',
  'lightboxError',
  'lightboxOf',
  'reviewCount',
  'ratingLink',
  'priceOnRequest',
  'from',
  'oldPrice',
  'youSave',
  'outOfStock',
  'fewLeft',
  'inStock',
  'sku',
  'quantity',
  'decrease',
  'increase',
  'addToCart',
  'addToOrder',
  'requestPrice',
  'inCart',
  'chooseOption',
  'notAvailable',
  'notAvailableWith',
  'optionValuePair',
  'freeDelivery',
  'deliveryFrom',
  'freeFrom',
  'freeDeliveryFrom',
  'deliveryByManager',
  'backInStockTitle',
  'backInStockEmail',
  'backInStockSubmit',
  'backInStockSignedIn',
  'backInStockDone',
  'backInStockCheckMail',
  'backInStockFailed',
] as const satisfies readonly ShopTextKey[];

/** The quick add dialog's texts (the product cards' picker, loaded on demand). */
export const QUICK_ADD_TEXT_KEYS = [
  'quickAddTitle',
  'quickAddDetails',
  'quickAddFailed',
  'lightboxClose',
  'priceOnRequest',
  'from',
  'oldPrice',
  'outOfStock',
  'chooseOption',
  'addToCart',
  'notAvailable',
] as const satisfies readonly ShopTextKey[];

/** The reviews' texts, the form's rule messages included. */
export const REVIEWS_TEXT_KEYS = [
  'forms',
  'noReviews',
  'ratingValue',
  'shopReply',
  'moreReviews',
  'writeReview',
  'reviewsModerated',
  'yourName',
  'email',
  'rating',
  'reviewText',
  'sending',
  'sendReview',
] as const;

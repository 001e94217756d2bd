import type { Language } from '../../../lib/localize';

/** Customer-facing commerce errors, in the request language. `{name}` placeholders are filled from params. */
const MESSAGES = {
  stock: { en: 'Only {count} items are available', ru: 'Доступно только {count} шт.' },
  productUnavailable: { en: 'This product is no longer available', ru: 'Этот товар больше недоступен' },
  quantityTooLarge: { en: 'The quantity may not exceed {max}', ru: 'Количество не может превышать {max}' },
  priceOnRequest: {
    en: 'This product is priced on request: send an enquiry instead',
    ru: 'Цена этого товара по запросу: оставьте заявку',
  },
  orderTooLarge: { en: 'The order total is too large: split it into several orders', ru: 'Сумма заказа слишком велика: разделите его на несколько заказов' },
  locationUnavailable: { en: 'This pickup location is not available', ru: 'Этот пункт самовывоза недоступен' },
  zoneUnavailable: { en: 'This shipping zone is not available', ru: 'Эта зона доставки недоступна' },
  countryNotServed: { en: 'The shipping zone does not deliver to this country', ru: 'Эта зона не доставляет в указанную страну' },
  rateUnavailable: {
    en: 'This shipping rate is not available for the order',
    ru: 'Этот тариф доставки недоступен для заказа',
  },
  paymentMethodUnavailable: { en: 'This payment method is not available', ru: 'Этот способ оплаты недоступен' },
  orderNotFound: { en: 'Order not found', ru: 'Заказ не найден' },
  locationNotFound: { en: 'Pickup location not found', ru: 'Пункт самовывоза не найден' },
  paymentNotNeeded: {
    en: 'This order cannot be paid online',
    ru: 'Этот заказ нельзя оплатить онлайн',
  },
  paymentCompleted: { en: 'This order is already paid', ru: 'Этот заказ уже оплачен' },
  orderCanceled: { en: 'This order is canceled', ru: 'Этот заказ отменён' },
  deliveryPriceNotSet: {
    en: 'The manager has not set the delivery price yet; we will e-mail you a link to pay once it is set',
    ru: 'Менеджер ещё не назначил стоимость доставки; мы пришлём ссылку на оплату, как только она будет назначена',
  },
  invalidProductId: { en: 'Invalid "id" on product', ru: 'Invalid "id" on product' },
  productNotFound: { en: 'Product not found', ru: 'Товар не найден' },
} satisfies Record<string, Record<Language, string>>;

export type CommerceMessage = keyof typeof MESSAGES;

export function commerceMessage(key: CommerceMessage, lang: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

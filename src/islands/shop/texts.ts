import type { Language } from '../../lib/localize';

/**
 * Interface texts of the product page, cart, checkout and payment screens, in both shop languages.
 * `{name}` placeholders are filled from `values`. Error messages that come from the API are shown as
 * the server sends them (already in the request's language).
 */
const TEXTS = {
  // form rules of spec 5
  'forms.errors.noEmpty': { en: 'This value should not be blank.', ru: 'Значение не должно быть пустым.' },
  'forms.errors.email': { en: 'incorrect email format', ru: 'неверный формат электронной почты' },
  'forms.errors.phone': { en: 'incorrect phone number format', ru: 'неверный формат телефона' },
  // prices and stock
  priceOnRequest: { en: 'Price on request', ru: 'Цена по запросу' },
  from: { en: 'from', ru: 'от' },
  oldPrice: { en: 'Old price', ru: 'Старая цена' },
  youSave: { en: 'You save {amount}', ru: 'Экономия {amount}' },
  inStock: { en: 'In stock', ru: 'В наличии' },
  fewLeft: { en: 'Only {count} left', ru: 'Осталось {count} шт.' },
  outOfStock: { en: 'Out of stock', ru: 'Нет в наличии' },
  sku: { en: 'SKU', ru: 'Артикул' },
  stockError: { en: 'Only {count} items are available', ru: 'Доступно только {count} шт.' },
  // product page
  quantity: { en: 'Quantity', ru: 'Количество' },
  decrease: { en: 'Decrease quantity', ru: 'Уменьшить количество' },
  increase: { en: 'Increase quantity', ru: 'Увеличить количество' },
  addToCart: { en: 'Add to cart', ru: 'В корзину' },
  addToOrder: { en: 'Add to order', ru: 'Добавить в заказ' },
  requestPrice: { en: 'Request a price', ru: 'Узнать цену' },
  inCart: { en: 'In your cart: {count}', ru: 'В корзине: {count}' },
  chooseOption: { en: 'Choose {option}', ru: 'Выберите: {option}' },
  gallery: { en: 'Product images', ru: 'Фотографии товара' },
  showImage: { en: 'Show image {index}', ru: 'Показать фото {index}' },
  delivery: { en: 'Delivery', ru: 'Доставка' },
  parcelWeight: { en: 'Shipping weight: {weight} kg', ru: 'Вес для доставки: {weight} кг' },
  description: { en: 'Description', ru: 'Описание' },
  properties: { en: 'Details', ru: 'Характеристики' },
  shippingPolicy: { en: 'Shipping', ru: 'Доставка' },
  refundPolicy: { en: 'Returns', ru: 'Возврат' },
  similarProducts: { en: 'Similar products', ru: 'Похожие товары' },
  // reviews
  reviews: { en: 'Reviews', ru: 'Отзывы' },
  reviewCount: { en: '{count} reviews', ru: 'Отзывов: {count}' },
  noReviews: { en: 'No reviews yet. Be the first to share your impressions.', ru: 'Отзывов пока нет. Поделитесь впечатлениями первым.' },
  moreReviews: { en: 'Show more reviews', ru: 'Показать ещё отзывы' },
  writeReview: { en: 'Write a review', ru: 'Написать отзыв' },
  reviewsModerated: { en: 'Reviews appear after moderation.', ru: 'Отзывы публикуются после проверки модератором.' },
  yourName: { en: 'Your name', ru: 'Ваше имя' },
  email: { en: 'E-mail', ru: 'E-mail' },
  rating: { en: 'Rating', ru: 'Оценка' },
  ratingValue: { en: '{value} of 5', ru: '{value} из 5' },
  shopReply: { en: "The shop's reply", ru: 'Ответ магазина' },
  reviewText: { en: 'Your review', ru: 'Ваш отзыв' },
  sendReview: { en: 'Send review', ru: 'Отправить отзыв' },
  sending: { en: 'Sending…', ru: 'Отправка…' },
  // add-to-cart modals
  addedToCart: { en: 'Added to the cart', ru: 'Товар добавлен в корзину' },
  addedToOrder: { en: 'Added to the order', ru: 'Добавлено в заказ' },
  continueShopping: { en: 'Continue shopping', ru: 'Продолжить покупки' },
  viewCart: { en: 'Go to the cart', ru: 'Перейти в корзину' },
  viewOrder: { en: 'Go to the order', ru: 'Перейти к заказу' },
  ok: { en: 'Ok', ru: 'Ок' },
  // cart
  cart: { en: 'Cart', ru: 'Корзина' },
  order: { en: 'Order', ru: 'Заказ' },
  cartEmpty: { en: 'Your cart is empty', ru: 'Ваша корзина пуста' },
  orderEmpty: { en: 'Your order is empty', ru: 'Ваш заказ пуст' },
  cartEmptyHint: { en: 'Find something you like in the catalog.', ru: 'Выберите что-нибудь в каталоге.' },
  toCatalog: { en: 'Go shopping', ru: 'Перейти к покупкам' },
  remove: { en: 'Remove', ru: 'Удалить' },
  removeItem: { en: 'Remove {title}', ru: 'Удалить {title}' },
  emptyCart: { en: 'Empty the cart', ru: 'Очистить корзину' },
  itemsDropped: {
    en: 'Some items are no longer available and were removed from your cart: {titles}.',
    ru: 'Некоторые товары больше недоступны и удалены из корзины: {titles}.',
  },
  unavailableQuantity: {
    en: 'Some items are not available in the quantity you chose. Lower the quantity to continue.',
    ru: 'Некоторых товаров нет в выбранном количестве. Уменьшите количество, чтобы продолжить.',
  },
  loadingCart: { en: 'Loading your cart…', ru: 'Загружаем корзину…' },
  items: { en: 'Items ({count})', ru: 'Товары ({count})' },
  discount: { en: 'Discount', ru: 'Скидка' },
  productDiscount: { en: 'Sale savings', ru: 'Скидка на товары' },
  total: { en: 'Total', ru: 'Итого' },
  checkout: { en: 'Check out', ru: 'Оформить заказ' },
  discountCode: { en: 'Discount code', ru: 'Промокод' },
  applyCode: { en: 'Apply', ru: 'Применить' },
  removeCode: { en: 'Remove code', ru: 'Убрать промокод' },
  codeApplied: { en: 'Code {code} applied', ru: 'Промокод {code} применён' },
  relatedProducts: { en: 'You may also like', ru: 'Вам может понравиться' },
  // checkout
  checkoutTitle: { en: 'Checkout', ru: 'Оформление заказа' },
  contacts: { en: 'Contact details', ru: 'Контактные данные' },
  firstName: { en: 'First name', ru: 'Имя' },
  lastName: { en: 'Last name', ru: 'Фамилия' },
  phone: { en: 'Phone', ru: 'Телефон' },
  phoneHint: { en: 'For example +1 212 555 0147', ru: 'Например, +7 999 123-45-67' },
  otherReceiver: { en: 'Someone else will receive the order', ru: 'Заказ получит другой человек' },
  receiver: { en: 'Receiver', ru: 'Получатель' },
  deliveryMethod: { en: 'Delivery', ru: 'Доставка' },
  pickup: { en: 'Pick up', ru: 'Самовывоз' },
  shipping: { en: 'Shipping', ru: 'Доставка курьером' },
  pickupLocation: { en: 'Pick-up point', ru: 'Пункт самовывоза' },
  shippingZone: { en: 'Shipping region', ru: 'Регион доставки' },
  shippingRate: { en: 'Shipping option', ru: 'Способ доставки' },
  noRates: {
    en: 'No shipping option fits this order. Choose pick-up or another region, or contact us.',
    ru: 'Для этого заказа нет подходящего способа доставки. Выберите самовывоз, другой регион или свяжитесь с нами.',
  },
  noDeliveryMethods: { en: 'Delivery is not available at the moment. Please contact us.', ru: 'Доставка сейчас недоступна. Пожалуйста, свяжитесь с нами.' },
  free: { en: 'Free', ru: 'Бесплатно' },
  priceByManager: { en: 'Price set by the manager', ru: 'Стоимость сообщит менеджер' },
  address: { en: 'Address', ru: 'Адрес' },
  country: { en: 'Country', ru: 'Страна' },
  region: { en: 'State or region', ru: 'Область или регион' },
  locality: { en: 'City', ru: 'Город' },
  street: { en: 'Street, house, apartment', ru: 'Улица, дом, квартира' },
  postalCode: { en: 'Postal code', ru: 'Индекс' },
  payment: { en: 'Payment', ru: 'Оплата' },
  paymentMethodsLoading: { en: 'Loading payment methods…', ru: 'Загружаем способы оплаты…' },
  paymentMethodsFailed: { en: 'Payment methods not loaded, please reload the page', ru: 'Способы оплаты не загрузились, перезагрузите страницу' },
  noPaymentMethods: { en: 'No payment method is available for this delivery.', ru: 'Для этого способа доставки нет доступных способов оплаты.' },
  chooseDeliveryFirst: { en: 'Choose a delivery first.', ru: 'Сначала выберите доставку.' },
  comment: { en: 'Comment to the order', ru: 'Комментарий к заказу' },
  placeOrder: { en: 'Place the order', ru: 'Оформить заказ' },
  placing: { en: 'Placing the order…', ru: 'Оформляем заказ…' },
  yourOrder: { en: 'Your order', ru: 'Ваш заказ' },
  editCart: { en: 'Edit the cart', ru: 'Изменить корзину' },
  deliveryCost: { en: 'Delivery', ru: 'Доставка' },
  chooseDelivery: { en: 'Choose a delivery', ru: 'Выберите доставку' },
  agreementRequired: { en: 'Please confirm to place the order.', ru: 'Подтвердите, чтобы оформить заказ.' },
  fixErrors: { en: 'Please check the highlighted fields.', ru: 'Проверьте отмеченные поля.' },
  orderFailed: { en: 'The order could not be placed: {message}', ru: 'Не удалось оформить заказ: {message}' },
  required: { en: 'required', ru: 'обязательно' },
  optional: { en: 'optional', ru: 'необязательно' },
  speed_1_day: { en: '1 day', ru: '1 день' },
  speed_2_days: { en: '2 days', ru: '2 дня' },
  speed_3_days: { en: '3 days', ru: '3 дня' },
  speed_5_days: { en: '5 days', ru: '5 дней' },
  speed_1_week: { en: 'about a week', ru: 'около недели' },
  speed_2_weeks: { en: 'about 2 weeks', ru: 'около 2 недель' },
  speed_1_month: { en: 'up to a month', ru: 'до месяца' },
  deliveryTime: { en: 'Delivery time: {time}', ru: 'Срок доставки: {time}' },
  // payment result
  orderNumber: { en: 'Order #{number}', ru: 'Заказ № {number}' },
  paymentSuccessTitle: { en: 'Thank you! Your order has been received', ru: 'Спасибо! Ваш заказ принят' },
  paymentCompleted: { en: 'The payment has been received.', ru: 'Оплата получена.' },
  paymentPending: {
    en: 'We are waiting for the payment confirmation. This page shows the result as soon as it arrives.',
    ru: 'Ждём подтверждения оплаты. Результат появится на этой странице, как только он придёт.',
  },
  paymentFailedTitle: { en: 'The payment did not go through', ru: 'Оплата не прошла' },
  paymentCanceledTitle: { en: 'The payment was canceled', ru: 'Оплата отменена' },
  paymentRetryText: {
    en: 'Your order #{number} is saved. You can try to pay again or ask our manager for help.',
    ru: 'Ваш заказ № {number} сохранён. Попробуйте оплатить ещё раз или обратитесь к менеджеру.',
  },
  tryAgain: { en: 'Try to pay again', ru: 'Оплатить ещё раз' },
  awaitingDeliveryPriceText: {
    en: 'Our manager will calculate the delivery price for order #{number} and e-mail you a link to pay.',
    ru: 'Менеджер рассчитает стоимость доставки заказа № {number} и пришлёт ссылку на оплату по электронной почте.',
  },
  payNowTitle: { en: 'Your order is ready to be paid', ru: 'Заказ готов к оплате' },
  payNowText: {
    en: 'The delivery price of order #{number} is set. Check the total below and pay.',
    ru: 'Стоимость доставки заказа № {number} назначена. Проверьте сумму ниже и оплатите заказ.',
  },
  payNow: { en: 'Pay now', ru: 'Оплатить' },
  contactManager: { en: 'Contact the manager', ru: 'Связаться с менеджером' },
  contactManagerComment: { en: 'A question about order #{number}', ru: 'Вопрос по заказу № {number}' },
  cashSuccessTitle: { en: 'Thank you! Your order has been placed', ru: 'Спасибо! Ваш заказ оформлен' },
  cashSuccessText: { en: 'You pay when you receive the order.', ru: 'Оплата при получении заказа.' },
  cashFailedTitle: { en: 'The order is placed, but an error occurred', ru: 'Заказ оформлен, но произошла ошибка' },
  cashFailedText: {
    en: 'Your order #{number} has been saved, but we could not show its details. Our manager will contact you to confirm it.',
    ru: 'Ваш заказ № {number} сохранён, но показать его не удалось. Менеджер свяжется с вами для подтверждения.',
  },
  initFailedTitle: { en: 'Payment initialization failed', ru: 'Не удалось начать оплату' },
  initFailedText: {
    en: 'Your order #{number} is saved, but the payment could not be started. Try again in a moment.',
    ru: 'Ваш заказ № {number} сохранён, но оплату начать не удалось. Попробуйте ещё раз чуть позже.',
  },
  orderNotFoundTitle: { en: 'Order not found', ru: 'Заказ не найден' },
  orderNotFoundText: {
    en: 'Check the link from your confirmation, or contact us and tell us the order number.',
    ru: 'Проверьте ссылку из подтверждения или свяжитесь с нами и назовите номер заказа.',
  },
  toHome: { en: 'Back to the shop', ru: 'Вернуться в магазин' },
  paymentMethod: { en: 'Payment method', ru: 'Способ оплаты' },
  deliveredTo: { en: 'Delivery address', ru: 'Адрес доставки' },
  pickupAt: { en: 'Pick-up point', ru: 'Пункт самовывоза' },
} as const satisfies Record<string, Record<Language, string>>;

export type ShopTextKey = keyof typeof TEXTS;

/** Message keys of the validation rules (../../lib/validation) the shopping forms use. */
export type RuleMessageKey = Extract<ShopTextKey, `forms.errors.${string}`>;

export function isRuleMessageKey(key: string): key is RuleMessageKey {
  return key.startsWith('forms.errors.') && key in TEXTS;
}

export function shopText(lang: Language, key: ShopTextKey, values: Record<string, string | number> = {}): string {
  const template: string = TEXTS[key][lang] ?? TEXTS[key].en;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** A translator bound to one language, for components that show many texts. */
export function shopTexts(lang: Language) {
  return (key: ShopTextKey, values?: Record<string, string | number>) => shopText(lang, key, values);
}

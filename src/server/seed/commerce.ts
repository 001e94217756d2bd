import type { discountCodes, orderStates, paymentMethods, pickupLocations, shippingRates, shippingZones } from '../db/schema';
import { catalogId, seedId } from './ids';
import { t } from './text';

type Rate = Omit<typeof shippingRates.$inferInsert, 'id' | 'zoneId' | 'position'>;

const DOMESTIC_RATES: Rate[] = [
  {
    title: t('Free standard shipping', 'Бесплатная стандартная доставка'),
    kind: 'free',
    minOrderCents: 10000,
    maxWeight: 20,
    speed: '1_week',
  },
  {
    title: t('Standard shipping', 'Стандартная доставка'),
    kind: 'flat',
    priceCents: 799,
    maxOrderCents: 9999,
    maxWeight: 20,
    speed: '5_days',
  },
  { title: t('Express shipping', 'Экспресс-доставка'), kind: 'flat', priceCents: 1999, maxWeight: 10, speed: '1_day' },
  { title: t('Freight for heavy orders', 'Грузовая доставка тяжёлых заказов'), kind: 'by_manager', minWeight: 20, speed: '2_weeks' },
];

const INTERNATIONAL_RATES: Rate[] = [
  {
    title: t('International standard', 'Международная стандартная доставка'),
    kind: 'flat',
    priceCents: 2499,
    maxWeight: 15,
    speed: '2_weeks',
  },
  { title: t('International express', 'Международная экспресс-доставка'), kind: 'flat', priceCents: 4999, maxWeight: 5, speed: '3_days' },
  {
    title: t('Free international shipping', 'Бесплатная международная доставка'),
    kind: 'free',
    minOrderCents: 30000,
    maxWeight: 15,
    speed: '1_month',
  },
  {
    title: t('Heavy parcels, price by manager', 'Тяжёлые посылки, стоимость рассчитает менеджер'),
    kind: 'by_manager',
    minWeight: 15,
    speed: '1_month',
  },
];

const ZONES = [
  { key: 'domestic', title: t('United States', 'США'), countries: ['US'], rates: DOMESTIC_RATES },
  {
    key: 'international',
    title: t('Canada, UK and Europe', 'Канада, Великобритания и Европа'),
    countries: ['CA', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'PT', 'LT', 'SE', 'AE'],
    rates: INTERNATIONAL_RATES,
  },
  /** A zone switched off by the shop owner: never offered at checkout. */
  {
    key: 'rest-of-world',
    title: t('Rest of the world', 'Остальной мир'),
    countries: [],
    rates: INTERNATIONAL_RATES.slice(0, 1),
    enabled: false,
  },
];

export function shippingRows(): { zones: (typeof shippingZones.$inferInsert)[]; rates: (typeof shippingRates.$inferInsert)[] } {
  const zones = ZONES.map((zone, position) => ({
    id: seedId('shipping-zone', zone.key),
    title: zone.title,
    countries: zone.countries,
    enabled: zone.enabled ?? true,
    position,
  }));
  const rates = ZONES.flatMap((zone) =>
    zone.rates.map((rate, position) => ({
      ...rate,
      id: seedId('shipping-rate', `${zone.key}:${position}`),
      zoneId: seedId('shipping-zone', zone.key),
      position,
    })),
  );
  return { zones, rates };
}

export const PAYMENT_METHODS: (typeof paymentMethods.$inferInsert)[] = [
  { code: 'card', title: t('Bank card online', 'Банковской картой онлайн'), kind: 'online', provider: 'sandbox', position: 0 },
  { code: 'cash', title: t('Cash or card on receipt', 'Наличными или картой при получении'), kind: 'cash', position: 1 },
];

export const PICKUP_LOCATIONS: (typeof pickupLocations.$inferInsert)[] = [
  {
    id: seedId('pickup', 'soho-store'),
    code: 'soho-store',
    title: t('SoHo store', 'Магазин в Сохо'),
    address: t('214 Mercer Street, New York, NY 10012', 'Мерсер-стрит, 214, Нью-Йорк, NY 10012'),
    workTime: t('Mon–Sat 10:00–20:00, Sun 11:00–18:00', 'Пн–Сб 10:00–20:00, Вс 11:00–18:00'),
    paymentMethodCodes: ['cash', 'card'],
    position: 0,
  },
  {
    id: seedId('pickup', 'brooklyn-warehouse'),
    code: 'brooklyn-warehouse',
    title: t('Brooklyn warehouse pick-up point', 'Пункт выдачи на складе в Бруклине'),
    address: t('55 Water Street, Brooklyn, NY 11201', 'Уотер-стрит, 55, Бруклин, NY 11201'),
    workTime: t('Mon–Fri 09:00–18:00', 'Пн–Пт 09:00–18:00'),
    paymentMethodCodes: ['card'],
    position: 1,
  },
];

type DiscountCode = typeof discountCodes.$inferInsert;
const discountCode = (value: Omit<DiscountCode, 'id'>): DiscountCode => ({ id: seedId('discount-code', value.code), ...value });

/**
 * Codes covering every answer of the discount check (spec 8): valid percent and fixed codes,
 * 2 not for these products, 3 expired (or not started yet), 4 invalid (disabled or used up),
 * 5 larger than the cart, 6 minimum not met. Error 1 is any code not listed here.
 */
export const DISCOUNT_CODES: DiscountCode[] = [
  discountCode({ code: 'WELCOME10', kind: 'percent', value: 10 }),
  discountCode({ code: 'MINUS5', kind: 'fixed', value: 500 }),
  discountCode({ code: 'SHOES20', kind: 'percent', value: 20, catalogIds: [catalogId('shoes')] }),
  discountCode({
    code: 'SUMMER2024',
    kind: 'percent',
    value: 15,
    startsAt: new Date('2024-06-01T00:00:00Z'),
    expiresAt: new Date('2024-08-31T23:59:59Z'),
  }),
  discountCode({ code: 'BLACKFRIDAY', kind: 'percent', value: 30, enabled: false }),
  discountCode({ code: 'LAUNCH50', kind: 'fixed', value: 5000, usageLimit: 50, usedCount: 50 }),
  discountCode({ code: 'SPRING25', kind: 'percent', value: 25, startsAt: new Date('2099-03-01T00:00:00Z') }),
  discountCode({ code: 'BIG500', kind: 'fixed', value: 50000 }),
  discountCode({ code: 'SPEND150', kind: 'percent', value: 15, minOrderCents: 15000 }),
];

export const ORDER_STATES: (typeof orderStates.$inferInsert)[] = [
  { code: 'new', title: t('New', 'Новый'), color: '#2f80ed', position: 0 },
  { code: 'processing', title: t('Processing', 'В обработке'), color: '#f2994a', position: 1 },
  { code: 'shipped', title: t('Shipped', 'Отправлен'), color: '#9b51e0', position: 2 },
  { code: 'delivered', title: t('Delivered', 'Доставлен'), color: '#27ae60', position: 3 },
  { code: 'canceled', title: t('Canceled', 'Отменён'), color: '#eb5757', position: 4 },
];

import { paymentCashOnDeliverySettingsSchema, type LocalizedValue } from '../../../lib/settings';
import type { TaxSettings } from '../../../lib/tax';
import type { Currency } from '../../../lib/format-price';
import { localize, type Language } from '../../../lib/localize';
import type { HoldRule } from '../../../lib/stock-holds';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { settings } from '../../db/schema';
import { loadSettingsRows, loadShopSettings } from '../core/settings-store';

const DEFAULT_SITENAME = 'Sitename';

/** The currency orders are placed in (settings ecommerce.currency, default AED). */
export async function shopCurrency(db: Database): Promise<Currency> {
  return (await loadShopSettings(db)).ecommerce.currency;
}

/** The shop's tax settings (settings taxes): off, with no rates, for a new shop. */
export async function shopTaxes(db: Database): Promise<TaxSettings> {
  return (await loadShopSettings(db)).taxes;
}

/** The shop's name (settings common.sitename) in `lang`; the setting may be one text or one per language. */
export async function shopName(db: Database, lang: Language = 'en'): Promise<string> {
  const configured = localize((await loadShopSettings(db)).common.sitename, lang);
  return configured.trim() !== '' ? configured : DEFAULT_SITENAME;
}

/** Whether the enquiry form's free-text field must be filled (ecommerce.enquiryModalCustomFieldIsRequired). */
export async function enquiryTextRequired(db: Database): Promise<boolean> {
  return (await loadShopSettings(db)).ecommerce.enquiryModalCustomFieldIsRequired;
}

/**
 * The cash-on-delivery settings (paymentCashOnDelivery): whether cash methods are offered, and the title
 * and description they show; the title is null while the shop has not set one (the method's own title
 * stays), which only the stored row tells.
 */
export async function cashOnDelivery(
  db: Database,
): Promise<{ enabled: boolean; title: LocalizedValue | null; description: LocalizedValue }> {
  const stored = (await loadSettingsRows(db)).paymentCashOnDelivery;
  const parsed = paymentCashOnDeliverySettingsSchema.parse(stored);
  return { enabled: parsed.enabled, title: cashTitleOf(stored), description: parsed.description };
}

/** The title the paymentCashOnDelivery setting gives cash methods, null while the shop has set none. */
function cashTitleOf(stored: unknown): LocalizedValue | null {
  const titleSet = typeof stored === 'object' && stored !== null && (stored as Record<string, unknown>)['title'] !== undefined;
  return titleSet ? paymentCashOnDeliverySettingsSchema.parse(stored).title : null;
}

/**
 * How a payment method is named to the shopper in `lang`, the same at checkout, on the order and in its e-mails: a
 * cash method by the paymentCashOnDelivery title when the shop set one, any other method (or a cash one meanwhile) by
 * its own title. Reads in the caller's transaction.
 */
export async function paymentMethodNamer(
  db: Executor,
  lang: Language,
): Promise<(method: { kind: string; title: LocalizedValue }) => string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.group, 'paymentCashOnDelivery'));
  const cash = cashTitleOf(row?.value);
  const cashTitle = cash === null ? '' : localize(cash, lang).trim();
  return (method) => (method.kind === 'cash' && cashTitle) || localize(method.title, lang);
}

export type OrderLimits = {
  maxLineQuantity: number;
  unpaidReservationMinutes: number;
  unconfirmedReservationHours: number;
  /** what one order paid on receipt may take of a variation's stock */
  unconfirmedHold: HoldRule;
  maxUnconfirmedItemsPerContact: number;
};

/**
 * The ecommerce settings that bound orders: the per-line quantity cap, how long unpaid online orders and unconfirmed
 * orders paid on receipt keep their stock, and how much stock unconfirmed orders may hold.
 */
export async function orderLimits(db: Database): Promise<OrderLimits> {
  const e = (await loadShopSettings(db)).ecommerce;
  return {
    maxLineQuantity: e.maxLineQuantity,
    unpaidReservationMinutes: e.unpaidReservationMinutes,
    unconfirmedReservationHours: e.unconfirmedReservationHours,
    unconfirmedHold: { percent: e.unconfirmedOrderStockPercent, floor: e.unconfirmedOrderStockFloor },
    maxUnconfirmedItemsPerContact: e.maxUnconfirmedItemsPerContact,
  };
}

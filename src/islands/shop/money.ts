import { formatPrice, normalizeSeparator, type PriceSeparator } from '../../lib/format-price';

/** How the shop shows prices (settings.ecommerce currency and priceFormatSeparator). */
export type MoneyFormat = { currency: string; separator: PriceSeparator };

export function moneyFormat(ecommerce: { currency?: string; priceFormatSeparator?: string } | null | undefined): MoneyFormat {
  return { currency: ecommerce?.currency ?? 'USD', separator: normalizeSeparator(ecommerce?.priceFormatSeparator) };
}

export function formatMoney(amount: number, money: MoneyFormat): string {
  return formatPrice(amount, money);
}

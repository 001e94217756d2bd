/** The abandoned-checkout reminders: the cart's lines with pictures and prices, the cart link and the unsubscribe link. */
import { eq, inArray } from 'drizzle-orm';
import { formatPrice } from '../../lib/format-price';
import { localize, type Language } from '../../lib/localize';
import { centsToAmount } from '../../lib/money';
import { shopCurrency } from '../api/commerce/shop-settings';
import type { AppDeps } from '../api/core/context';
import { images, products, variations } from '../db/schema';
import { recoveryLinks, reminderCheckout, stillReminding } from '../marketing/recovery';
import type { MailBlock, MailContent } from './layout';
import type { MailVars } from './placeholders';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * RFC 8058 one-click unsubscribe: mail clients show an Unsubscribe button that POSTs `List-Unsubscribe=One-Click` to
 * the link, which the unsubscribe page accepts without a session (the link's token is the proof).
 */
export const listUnsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const absolute = (publicUrl: string, uri: string) =>
  /^https?:\/\//.test(uri) ? uri : `${publicUrl}${uri.startsWith('/') ? '' : '/'}${uri}`;

/** The lines of a checkout as they are now: still sold variations, their current price, the variation's or product's first picture. */
async function cartItems(deps: AppDeps, lines: { variationId: string; quantity: number }[], lang: Language) {
  const ids = lines.map((line) => line.variationId);
  if (ids.length === 0) return { items: [], totalCents: 0 };
  const rows = await deps.db
    .select({ variation: variations, product: products })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(inArray(variations.id, ids));
  const imageIds = rows.map((r) => r.variation.imageId ?? r.product.imageIds[0]).filter((id): id is string => !!id);
  const pictures = imageIds.length
    ? await deps.db.select({ id: images.id, uri: images.uri }).from(images).where(inArray(images.id, imageIds))
    : [];
  const currency = await shopCurrency(deps.db);
  const money = (cents: number) => formatPrice(centsToAmount(cents), { currency });
  let totalCents = 0;
  const items = lines.flatMap((line) => {
    const row = rows.find((r) => r.variation.id === line.variationId);
    if (!row || !row.product.enabled) return [];
    const { variation, product } = row;
    const unitCents =
      variation.discountPriceCents && variation.discountPriceCents > 0 ? variation.discountPriceCents : variation.fullPriceCents;
    totalCents += unitCents * line.quantity;
    const imageId = variation.imageId ?? product.imageIds[0];
    const uri = pictures.find((p) => p.id === imageId)?.uri;
    const variationTitle = variation.title ? localize(variation.title, lang) : '';
    return [
      {
        title: localize(product.title, lang),
        detail: [variationTitle, `× ${line.quantity}`].filter(Boolean).join(', '),
        price: money(unitCents * line.quantity),
        imageUrl: uri ? absolute(deps.config.publicUrl, uri) : null,
      },
    ];
  });
  return { items, totalCents: totalCents, money };
}

/** The content of a reminder; null (nothing sent) once its checkout was ordered, emptied or unsubscribed since it was queued. */
export async function reminderContent(
  deps: AppDeps,
  template: 'checkout-reminder' | 'checkout-reminder-second',
  lang: Language,
  data: Record<string, unknown>,
  { shop, t }: { shop: string; t: Translate },
): Promise<(MailContent & { vars: MailVars }) | null> {
  const row = await reminderCheckout(deps.db, String(data.checkoutId));
  if (!row || !stillReminding(row)) return null;
  const { items, totalCents, money } = await cartItems(deps, row.items, lang);
  if (items.length === 0 || !money) return null;
  const expires = typeof data.linkExpiresAt === 'string' ? new Date(data.linkExpiresAt) : new Date(deps.now().getTime() + 14 * 86_400_000);
  const links = recoveryLinks(deps, row.id, lang, expires);
  const key = template === 'checkout-reminder' ? 'checkoutReminder' : 'checkoutReminderSecond';
  const code = typeof data.discountCode === 'string' && data.discountCode ? data.discountCode : '';
  const discountText = code ? t('mail.checkoutReminder.discount', { code }) : '';
  const button: MailBlock = { kind: 'button', label: t('mail.checkoutReminder.button'), url: links.restore };
  const list: MailBlock = { kind: 'items', items };
  return {
    vars: {
      'cart.items': list,
      'cart.total': money(totalCents),
      'cart.link': links.restore,
      'cart.button': button,
      'discount.code': code,
      'discount.text': discountText,
      'unsubscribe.link': links.unsubscribe,
    },
    subject: t(`mail.${key}.subject`, { shop }),
    heading: t(`mail.${key}.heading`),
    blocks: [
      { kind: 'text', text: t(`mail.${key}.intro`) },
      list,
      { kind: 'rows', rows: [{ label: t('mail.total'), value: money(totalCents), strong: true }] },
      ...(discountText ? [{ kind: 'text' as const, text: discountText }] : []),
      button,
    ],
    footer: t('mail.checkoutReminder.footer', { shop }),
    unsubscribe: { label: t('mail.checkoutReminder.unsubscribe'), url: links.unsubscribe },
  };
}

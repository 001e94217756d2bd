import { asc, eq } from 'drizzle-orm';
import { formatPrice } from '../../lib/format-price';
import { getTranslator } from '../../lib/i18n';
import { isLanguage, localize, type Language } from '../../lib/localize';
import { centsToAmount } from '../../lib/money';
import { loadShopSettings } from '../api/core/settings-store';
import { paymentMethodNamer, shopCurrency } from '../api/commerce/shop-settings';
import { signLink } from '../signed-links';
import type { AppDeps } from '../api/core/context';
import { customerOrderUrl } from '../api/admin/order-detail';
import {
  articles,
  backInStockSubscriptions,
  comments,
  images,
  leadReplies,
  leads,
  orderItems,
  orderReturns,
  orderShipments,
  orderStates,
  orders,
  paymentMethods,
  paymentRefunds,
  products,
  reviews,
  staffUsers,
  variations,
} from '../db/schema';
import { renderBlock, renderLayout, type Branding, type MailBlock, type MailContent } from './layout';
import { currentMailTemplate } from './template-store';
import { renderCustomContent, type MailVars } from './placeholders';
import { listUnsubscribeHeaders, reminderContent } from './reminder';

/** The e-mails the shop sends; each is rendered by the worker from its queued data. */
export const MAIL_TEMPLATES = [
  'order-placed',
  'order-placed-shop',
  'payment-received',
  'payment-refunded',
  'delivery-price-set',
  'order-status',
  'order-canceled',
  'order-shipped',
  'order-edited',
  'return-requested-shop',
  'lead-created',
  'review-created',
  'comment-created',
  'staff-invite',
  'lead-reply',
  'checkout-reminder',
  'checkout-reminder-second',
  'back-in-stock-confirm',
  'back-in-stock',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/** `headers`: extra headers of the message (a marketing mail's List-Unsubscribe, RFC 8058). */
export type RenderedMail = { subject: string; html: string; text: string; headers?: Record<string, string> };

type BuiltMail = MailContent & { vars: MailVars };

/** Notices to the shop's own staff (their footer says so). */
const SHOP_NOTICES = new Set<MailTemplateName>(['order-placed-shop', 'lead-created', 'review-created', 'comment-created']);

/** Where the shop's own notices go: SHOP_NOTIFY_EMAILS, else the contact e-mails of the common settings. */
export async function shopRecipients(deps: AppDeps): Promise<string[]> {
  if (deps.config.shopNotifyEmails.length) return deps.config.shopNotifyEmails;
  const settings = await loadShopSettings(deps.db);
  return settings.common.emails.map((e) => e.trim()).filter((e) => e.includes('@'));
}

/** The shop's language setting, for mails to the shop itself. */
export async function shopLanguage(deps: AppDeps): Promise<Language> {
  return (await loadShopSettings(deps.db)).language.current;
}

/** A table row per line of a refund, shipment or return: the order line's title and variation, and the units. */
function lineRows(
  items: { id: string; title: string; variationTitle: string | null }[],
  lines: readonly { itemId: string; quantity: number }[],
): { label: string; value: string }[] {
  return lines.flatMap((line) => {
    const item = items.find((i) => i.id === line.itemId);
    return item ? [{ label: `${item.title}${item.variationTitle ? `, ${item.variationTitle}` : ''}`, value: `× ${line.quantity}` }] : [];
  });
}

const absolute = (publicUrl: string, uri: string) =>
  /^https?:\/\//.test(uri) ? uri : `${publicUrl}${uri.startsWith('/') ? '' : '/'}${uri}`;

export async function loadBranding(deps: AppDeps, lang: Language): Promise<Branding> {
  const settings = await loadShopSettings(deps.db);
  const logoId = settings.header.logo;
  const [logo] = logoId ? await deps.db.select({ uri: images.uri }).from(images).where(eq(images.id, logoId)) : [];
  const colors = settings.styles.colors as Record<string, string | undefined>;
  return {
    shopName: localize(settings.common.sitename, lang) || 'Shop',
    logoUrl: logo ? absolute(deps.config.publicUrl, logo.uri) : null,
    accent: colors.accent ?? colors.primary ?? '#2f6f4f',
    shopUrl: `${deps.config.publicUrl}/`,
  };
}

type Translate = (key: string, params?: Record<string, unknown>) => string;

async function orderParts(deps: AppDeps, orderId: string, lang: Language, t: Translate) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, [method]] = await Promise.all([
    deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position)),
    deps.db.select().from(paymentMethods).where(eq(paymentMethods.code, order.paymentMethod)),
  ]);
  const money = (cents: number) => formatPrice(centsToAmount(cents), { currency: order.currency });
  const methodName = await paymentMethodNamer(deps.db, lang);
  const deliveryValue =
    order.deliveryPriceByManager && !order.deliveryPriceSet
      ? t('mail.deliveryByManager')
      : order.deliveryPriceCents > 0
        ? money(order.deliveryPriceCents)
        : t('mail.free');
  const summary: MailBlock = {
    kind: 'rows',
    rows: [
      ...items.map((i) => ({
        label: `${i.title}${i.variationTitle ? `, ${i.variationTitle}` : ''}${i.optionsText ? ` (${i.optionsText})` : ''} × ${i.quantity}`,
        value: money(i.totalCents),
      })),
      ...(order.discountCents > 0 ? [{ label: t('mail.discount'), value: `−${money(order.discountCents)}` }] : []),
      { label: `${t('mail.delivery')}${order.deliveryTitle ? `: ${order.deliveryTitle}` : ''}`, value: deliveryValue },
      { label: t('mail.payment'), value: method ? methodName(method) : order.paymentMethod },
      ...(order.taxCents > 0 ? [{ label: t(order.taxIncluded ? 'mail.taxIncluded' : 'mail.tax'), value: money(order.taxCents) }] : []),
      { label: t('mail.total'), value: money(order.totalCents), strong: true },
    ],
  };
  const address = order.address
    ? [order.address.street, order.address.locality, order.address.region, order.address.postalCode, order.address.country]
        .filter(Boolean)
        .join(', ')
    : '';
  return { order, summary, money, address, url: customerOrderUrl(deps.config.publicUrl, order), online: method?.kind === 'online' };
}

async function stateTitle(deps: AppDeps, code: string, lang: Language): Promise<string> {
  const [state] = await deps.db.select({ title: orderStates.title }).from(orderStates).where(eq(orderStates.code, code));
  return state ? localize(state.title, lang) : code;
}

/**
 * The content of one queued mail, or null when what it is about no longer exists (nothing to send): the built-in
 * content, and the values of the template's placeholders for the owner's wording (placeholders.ts).
 */
async function buildContent(
  deps: AppDeps,
  template: MailTemplateName,
  lang: Language,
  data: Record<string, unknown>,
  shop: string,
): Promise<BuiltMail | null> {
  const translate = getTranslator(lang);
  const t: Translate = (key, params = {}) => translate(key, params);
  // mail to staff says so, not "because of your order"
  const footer = t(template === 'staff-invite' ? 'mail.footerStaff' : SHOP_NOTICES.has(template) ? 'mail.footerShop' : 'mail.footer', {
    shop,
  });
  const adminUrl = `${deps.config.publicUrl}/admin/`;
  const shopVars: MailVars = { 'shop.name': shop, 'shop.link': `${deps.config.publicUrl}/` };
  switch (template) {
    case 'order-placed':
    case 'order-placed-shop':
    case 'payment-received':
    case 'payment-refunded':
    case 'delivery-price-set':
    case 'order-status':
    case 'order-canceled':
    case 'order-shipped':
    case 'order-edited':
    case 'return-requested-shop': {
      const parts = await orderParts(deps, String(data.orderId), lang, t);
      if (!parts) return null;
      const { order, summary, money, url, address, online } = parts;
      const number = order.number;
      const customerName = [order.customer.name, order.customer.lastName].filter(Boolean).join(' ');
      const toOrder: MailBlock = { kind: 'button', label: t('mail.viewOrder'), url };
      const orderVars: MailVars = {
        ...shopVars,
        'order.number': String(number),
        'order.total': money(order.totalCents),
        'order.link': url,
        'order.button': toOrder,
        'order.summary': summary,
        'order.address': address,
        'customer.name': customerName,
        'customer.email': order.customer.email ?? '',
        'customer.phone': order.customer.phone,
      };
      if (template === 'order-placed') {
        const waitsForPrice = order.deliveryPriceByManager && !order.deliveryPriceSet;
        const action: MailBlock =
          online && !waitsForPrice && order.paymentStatus !== 'completed' ? { kind: 'button', label: t('mail.payNow'), url } : toOrder;
        return {
          vars: { ...orderVars, 'order.button': action },
          subject: t('mail.orderPlaced.subject', { number, shop }),
          heading: t('mail.orderPlaced.heading', { number }),
          blocks: [
            { kind: 'text', text: t('mail.greeting', { name: order.customer.name }) },
            { kind: 'text', text: t('mail.orderPlaced.intro', { number }) },
            summary,
            ...(address ? [{ kind: 'text' as const, text: `${t('mail.address')}: ${address}` }] : []),
            ...(waitsForPrice ? [{ kind: 'text' as const, text: t('mail.orderPlaced.waitsForPrice') }] : []),
            action,
          ],
          footer,
        };
      }
      if (template === 'order-placed-shop') {
        const adminLink = `${adminUrl}orders/${encodeURIComponent(order.id)}`;
        return {
          vars: { ...orderVars, 'order.comment': order.comment ?? '', 'order.adminLink': adminLink },
          subject: t('mail.orderPlacedShop.subject', { number, total: money(order.totalCents) }),
          heading: t('mail.orderPlacedShop.heading', { number }),
          blocks: [
            {
              kind: 'text',
              text: t('mail.orderPlacedShop.intro', {
                name: customerName,
                phone: order.customer.phone,
                email: order.customer.email ?? '—',
              }),
            },
            summary,
            ...(address ? [{ kind: 'text' as const, text: `${t('mail.address')}: ${address}` }] : []),
            ...(order.comment ? [{ kind: 'text' as const, text: `${t('mail.comment')}: ${order.comment}` }] : []),
            { kind: 'button', label: t('mail.openOrder'), url: adminLink },
          ],
          footer,
        };
      }
      if (template === 'payment-received') {
        return {
          vars: { ...orderVars, 'payment.amount': money(order.totalCents) },
          subject: t('mail.paymentReceived.subject', { number }),
          heading: t('mail.paymentReceived.heading'),
          blocks: [{ kind: 'text', text: t('mail.paymentReceived.intro', { number, amount: money(order.totalCents) }) }, summary, toOrder],
          footer,
        };
      }
      if (template === 'payment-refunded') {
        const [refund] = await deps.db
          .select()
          .from(paymentRefunds)
          .where(eq(paymentRefunds.id, String(data.refundId)));
        if (!refund) return null;
        const items = refund.lines.length ? await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)) : [];
        const refundedLines = lineRows(items, refund.lines);
        return {
          vars: {
            ...orderVars,
            'refund.amount': money(refund.amountCents),
            'refund.summary': refundedLines.length ? { kind: 'rows', rows: refundedLines } : '',
          },
          subject: t('mail.paymentRefunded.subject', { number, amount: money(refund.amountCents) }),
          heading: t('mail.paymentRefunded.heading', { number }),
          blocks: [
            { kind: 'text', text: t('mail.greeting', { name: order.customer.name }) },
            { kind: 'text', text: t('mail.paymentRefunded.intro', { number, amount: money(refund.amountCents) }) },
            ...(refundedLines.length ? [{ kind: 'rows' as const, rows: refundedLines }] : []),
            { kind: 'text', text: t('mail.paymentRefunded.timing') },
            toOrder,
          ],
          footer,
        };
      }
      if (template === 'order-shipped') {
        const [shipment] = await deps.db
          .select()
          .from(orderShipments)
          .where(eq(orderShipments.id, String(data.shipmentId)));
        if (!shipment) return null;
        const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const sentLines = lineRows(items, shipment.lines);
        const carrier = t(`mail.carriers.${shipment.carrier}`, { defaultValue: shipment.carrier });
        return {
          vars: {
            ...orderVars,
            'shipment.summary': { kind: 'rows', rows: sentLines },
            'shipment.carrier': carrier,
            'shipment.tracking': shipment.trackingNumber ?? '',
            'shipment.trackingLink': shipment.trackingUrl ?? '',
          },
          subject: t('mail.orderShipped.subject', { number }),
          heading: t('mail.orderShipped.heading', { number }),
          blocks: [
            { kind: 'text', text: t('mail.greeting', { name: order.customer.name }) },
            { kind: 'text', text: t('mail.orderShipped.intro', { number }) },
            { kind: 'rows', rows: sentLines },
            ...(shipment.trackingNumber
              ? [{ kind: 'text' as const, text: t('mail.orderShipped.tracking', { carrier, number: shipment.trackingNumber }) }]
              : []),
            ...(shipment.trackingUrl ? [{ kind: 'button' as const, label: t('mail.orderShipped.track'), url: shipment.trackingUrl }] : []),
            toOrder,
          ],
          footer,
        };
      }
      if (template === 'order-edited') {
        const due = Number(data.dueCents ?? 0);
        const refund = Number(data.refundCents ?? 0);
        const payment =
          due > 0
            ? t('mail.orderEdited.due', { amount: money(due) })
            : refund > 0
              ? t('mail.orderEdited.refund', { amount: money(refund) })
              : '';
        return {
          vars: {
            ...orderVars,
            'edit.payment': payment,
            ...(due > 0
              ? { 'order.button': { kind: 'button', label: t('mail.orderEdited.payDifference', { amount: money(due) }), url } }
              : {}),
          },
          subject: t('mail.orderEdited.subject', { number }),
          heading: t('mail.orderEdited.heading', { number }),
          blocks: [
            { kind: 'text', text: t('mail.greeting', { name: order.customer.name }) },
            { kind: 'text', text: t('mail.orderEdited.intro', { number }) },
            summary,
            ...(address ? [{ kind: 'text' as const, text: `${t('mail.address')}: ${address}` }] : []),
            ...(due > 0 ? [{ kind: 'text' as const, text: t('mail.orderEdited.due', { amount: money(due) }) }] : []),
            ...(refund > 0 ? [{ kind: 'text' as const, text: t('mail.orderEdited.refund', { amount: money(refund) }) }] : []),
            due > 0 ? { kind: 'button', label: t('mail.orderEdited.payDifference', { amount: money(due) }), url } : toOrder,
          ],
          footer,
        };
      }
      if (template === 'return-requested-shop') {
        const [request] = await deps.db
          .select()
          .from(orderReturns)
          .where(eq(orderReturns.id, String(data.returnId)));
        if (!request) return null;
        const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
        const returning = lineRows(items, request.lines);
        return {
          vars: {
            ...orderVars,
            'order.adminLink': `${adminUrl}orders/${encodeURIComponent(order.id)}`,
            'return.summary': { kind: 'rows', rows: returning },
            'return.reason': request.reason,
          },
          subject: t('mail.returnRequestedShop.subject', { number }),
          heading: t('mail.returnRequestedShop.heading', { number }),
          blocks: [
            { kind: 'text', text: t('mail.returnRequestedShop.intro', { number, name: customerName }) },
            { kind: 'rows', rows: returning },
            { kind: 'text', text: `${t('mail.returnRequestedShop.reason')}: ${request.reason}` },
            { kind: 'button', label: t('mail.openOrder'), url: `${adminUrl}orders/${encodeURIComponent(order.id)}` },
          ],
          footer,
        };
      }
      if (template === 'delivery-price-set') {
        const payable = online && order.paymentStatus !== 'completed';
        const action: MailBlock = payable ? { kind: 'button', label: t('mail.payNow'), url } : toOrder;
        return {
          vars: { ...orderVars, 'order.button': action, 'delivery.price': money(order.deliveryPriceCents) },
          subject: t('mail.deliveryPriceSet.subject', { number }),
          heading: t('mail.deliveryPriceSet.heading', { number }),
          blocks: [
            {
              kind: 'text',
              text: t('mail.deliveryPriceSet.intro', { number, price: money(order.deliveryPriceCents), total: money(order.totalCents) }),
            },
            summary,
            action,
          ],
          footer,
        };
      }
      const status = await stateTitle(deps, String(data.to ?? order.status), lang);
      if (template === 'order-canceled') {
        return {
          vars: { ...orderVars, 'order.status': status, 'cancel.reason': typeof data.reason === 'string' ? data.reason : '' },
          subject: t('mail.orderCanceled.subject', { number }),
          heading: t('mail.orderCanceled.heading', { number }),
          blocks: [
            { kind: 'text', text: t('mail.orderCanceled.intro', { number }) },
            ...(typeof data.reason === 'string' && data.reason
              ? [{ kind: 'text' as const, text: t('mail.orderCanceled.reason', { reason: data.reason }) }]
              : []),
            toOrder,
          ],
          footer,
        };
      }
      return {
        vars: { ...orderVars, 'order.status': status },
        subject: t('mail.orderStatus.subject', { number, status }),
        heading: t('mail.orderStatus.heading', { number }),
        blocks: [{ kind: 'text', text: t('mail.orderStatus.intro', { number, status }) }, toOrder],
        footer,
      };
    }
    case 'lead-created': {
      const [row] = await deps.db
        .select({ lead: leads, productTitle: products.title, variationTitle: variations.title, sku: variations.sku })
        .from(leads)
        .leftJoin(products, eq(products.id, leads.productId))
        .leftJoin(variations, eq(variations.id, leads.variationId))
        .where(eq(leads.id, String(data.leadId)));
      if (!row) return null;
      const { lead } = row;
      const product = row.productTitle ? localize(row.productTitle, lang) : null;
      const variation = (row.variationTitle ? localize(row.variationTitle, lang) : '') || row.sku || '';
      const leadLink = `${adminUrl}leads/${encodeURIComponent(lead.id)}`;
      return {
        vars: {
          ...shopVars,
          'lead.name': lead.name,
          'lead.phone': lead.phone,
          'lead.email': lead.email ?? '',
          'lead.text': lead.text ?? '',
          'lead.product': product ? (variation ? `${product}, ${variation}` : product) : '',
          'lead.adminLink': leadLink,
        },
        subject: t('mail.leadCreated.subject', { name: lead.name }),
        heading: t('mail.leadCreated.heading'),
        blocks: [
          {
            kind: 'rows',
            rows: [
              { label: t('mail.name'), value: lead.name },
              { label: t('mail.phone'), value: lead.phone },
              ...(lead.email ? [{ label: t('mail.email'), value: lead.email }] : []),
              ...(product ? [{ label: t('mail.product'), value: variation ? `${product}, ${variation}` : product }] : []),
            ],
          },
          ...(lead.text ? [{ kind: 'text' as const, text: lead.text }] : []),
          { kind: 'button', label: t('mail.openBackOffice'), url: leadLink },
        ],
        footer,
      };
    }
    case 'review-created': {
      const [row] = await deps.db
        .select({ review: reviews, productTitle: products.title })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.id, String(data.reviewId)));
      if (!row) return null;
      const product = localize(row.productTitle, lang);
      const reviewLink = `${adminUrl}moderation/reviews?id=${encodeURIComponent(row.review.id)}`;
      return {
        vars: {
          ...shopVars,
          'review.product': product,
          'review.author': row.review.authorName,
          'review.rating': `${row.review.rating}/5`,
          'review.text': row.review.text,
          'review.adminLink': reviewLink,
        },
        subject: t('mail.reviewCreated.subject', { product }),
        heading: t('mail.reviewCreated.heading'),
        blocks: [
          {
            kind: 'rows',
            rows: [
              { label: t('mail.product'), value: product },
              { label: t('mail.author'), value: row.review.authorName },
              { label: t('mail.rating'), value: `${row.review.rating}/5` },
            ],
          },
          { kind: 'text', text: row.review.text },
          { kind: 'button', label: t('mail.moderate'), url: reviewLink },
        ],
        footer,
      };
    }
    case 'staff-invite': {
      // data.secretToken is the link's token; the queue keeps it only until the mail is sent
      const [member] = await deps.db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.id, String(data.staffId)));
      if (!member || typeof data.secretToken !== 'string') return null;
      // the page opens in the invitation's language
      const url = `${deps.config.publicUrl}/admin/invite?token=${encodeURIComponent(data.secretToken)}&lang=${lang}`;
      const button: MailBlock = { kind: 'button', label: t('mail.staffInvite.button'), url };
      return {
        vars: {
          ...shopVars,
          'staff.name': member.name,
          'invite.inviter': String(data.inviter ?? ''),
          'invite.role': t(`mail.staffInvite.roles.${member.role}`),
          'invite.link': url,
          'invite.button': button,
          'invite.days': String(Number(data.days ?? 7)),
        },
        subject: t('mail.staffInvite.subject', { shop }),
        heading: t('mail.staffInvite.heading', { shop }),
        blocks: [
          { kind: 'text', text: t('mail.greeting', { name: member.name }) },
          {
            kind: 'text',
            text: t('mail.staffInvite.intro', {
              shop,
              inviter: String(data.inviter ?? ''),
              role: t(`mail.staffInvite.roles.${member.role}`),
            }),
          },
          button,
          { kind: 'text', text: t('mail.staffInvite.expires', { count: Number(data.days ?? 7) }) },
        ],
        footer,
      };
    }
    case 'lead-reply': {
      const [row] = await deps.db
        .select({ reply: leadReplies, name: leads.name })
        .from(leadReplies)
        .innerJoin(leads, eq(leads.id, leadReplies.leadId))
        .where(eq(leadReplies.id, String(data.replyId)));
      if (!row) return null;
      return {
        vars: { ...shopVars, 'lead.name': row.name, 'reply.text': row.reply.text },
        subject: row.reply.subject,
        heading: '',
        blocks: [
          { kind: 'text', text: t('mail.greeting', { name: row.name }) },
          { kind: 'text', text: row.reply.text },
        ],
        footer,
      };
    }
    case 'checkout-reminder':
    case 'checkout-reminder-second': {
      const built = await reminderContent(deps, template, lang, data, { shop, t });
      return built && { ...built, vars: { ...shopVars, ...built.vars } };
    }
    case 'back-in-stock-confirm':
    case 'back-in-stock': {
      const [row] = await deps.db
        .select({ subscription: backInStockSubscriptions, variation: variations, product: products })
        .from(backInStockSubscriptions)
        .innerJoin(variations, eq(variations.id, backInStockSubscriptions.variationId))
        .innerJoin(products, eq(products.id, backInStockSubscriptions.productId))
        .where(eq(backInStockSubscriptions.id, String(data.subscriptionId)));
      // nothing to send to a shopper who has unsubscribed since it was queued
      if (!row || row.subscription.unsubscribedAt) return null;
      const { subscription, variation, product } = row;
      const variationTitle = (variation.title ? localize(variation.title, lang) : '') || variation.sku || '';
      const title = `${localize(product.title, lang)}${variationTitle ? `, ${variationTitle}` : ''}`;
      const productVars: MailVars = { ...shopVars, 'product.title': title };
      if (template === 'back-in-stock-confirm') {
        const link = `${deps.config.publicUrl}/back-in-stock?action=confirm&id=${encodeURIComponent(subscription.id)}&token=${signLink(deps.jwtKey, 'back-in-stock-confirm', subscription.id)}&lang=${lang}`;
        const button: MailBlock = { kind: 'button', label: t('mail.backInStockConfirm.button'), url: link };
        return {
          vars: { ...productVars, 'confirm.link': link, 'confirm.button': button },
          subject: t('mail.backInStockConfirm.subject', { product: title }),
          heading: t('mail.backInStockConfirm.heading'),
          blocks: [
            { kind: 'text', text: t('mail.backInStockConfirm.intro', { product: title, shop }) },
            button,
            { kind: 'text', text: t('mail.backInStockConfirm.ignore') },
          ],
          footer: t('mail.backInStockConfirm.footer', { shop }),
        };
      }
      const productLink = `${deps.config.publicUrl}/products/${encodeURIComponent(product.slug)}?variation=${encodeURIComponent(variation.id)}&lang=${lang}`;
      const unsubscribe = `${deps.config.publicUrl}/back-in-stock?action=unsubscribe&id=${encodeURIComponent(subscription.id)}&token=${signLink(deps.jwtKey, 'back-in-stock-unsubscribe', subscription.id)}&lang=${lang}`;
      const price = variation.discountPriceCents ?? variation.fullPriceCents;
      const priceText = price > 0 ? formatPrice(centsToAmount(price), { currency: await shopCurrency(deps.db) }) : '';
      const button: MailBlock = { kind: 'button', label: t('mail.backInStock.button'), url: productLink };
      return {
        vars: {
          ...productVars,
          'product.link': productLink,
          'product.button': button,
          'product.price': priceText,
          'unsubscribe.link': unsubscribe,
        },
        subject: t('mail.backInStock.subject', { product: title }),
        heading: t('mail.backInStock.heading', { product: title }),
        blocks: [
          { kind: 'text', text: t('mail.backInStock.intro', { product: title, shop }) },
          ...(priceText ? [{ kind: 'rows' as const, rows: [{ label: title, value: priceText }] }] : []),
          button,
        ],
        // whatever the owner's wording, every alert ends with its own way out
        footer: t('mail.backInStock.footer', { shop, link: unsubscribe }),
      };
    }
    case 'comment-created': {
      const [row] = await deps.db
        .select({ comment: comments, articleTitle: articles.title })
        .from(comments)
        .innerJoin(articles, eq(articles.id, comments.articleId))
        .where(eq(comments.id, String(data.commentId)));
      if (!row) return null;
      const article = localize(row.articleTitle, lang);
      const commentLink = `${adminUrl}moderation/comments?id=${encodeURIComponent(row.comment.id)}`;
      return {
        vars: {
          ...shopVars,
          'comment.article': article,
          'comment.author': row.comment.authorName,
          'comment.text': row.comment.text,
          'comment.adminLink': commentLink,
        },
        subject: t('mail.commentCreated.subject', { article }),
        heading: t('mail.commentCreated.heading'),
        blocks: [
          {
            kind: 'rows',
            rows: [
              { label: t('mail.article'), value: article },
              { label: t('mail.author'), value: row.comment.authorName },
            ],
          },
          { kind: 'text', text: row.comment.text },
          { kind: 'button', label: t('mail.moderate'), url: commentLink },
        ],
        footer,
      };
    }
  }
}

export async function renderQueuedMail(
  deps: AppDeps,
  mail: { template: string; lang: string; data: Record<string, unknown> },
): Promise<RenderedMail | null> {
  if (!(MAIL_TEMPLATES as readonly string[]).includes(mail.template)) throw new Error(`Unknown mail template ${mail.template}`);
  const lang: Language = isLanguage(mail.lang) ? mail.lang : 'en';
  const branding = await loadBranding(deps, lang);
  const template = mail.template as MailTemplateName;
  const built = await buildContent(deps, template, lang, mail.data, branding.shopName);
  if (!built) return null;
  const { vars, ...content } = built;
  const headers = content.unsubscribe ? listUnsubscribeHeaders(content.unsubscribe.url) : undefined;
  const edited = await currentMailTemplate(deps.db, template, lang);
  if (!edited) return { ...renderLayout(branding, lang, content), ...(headers ? { headers } : {}) };
  // a reply's subject is the one its writer chose
  const subject = template === 'lead-reply' ? content.subject : edited.subject;
  const rendered = renderEdited(branding, lang, { subject, body: edited.body }, vars, content.footer, content.unsubscribe);
  return { ...rendered, ...(headers ? { headers } : {}) };
}

/** An edited subject and body, filled with `vars`, in the shop's layout. */
export function renderEdited(
  branding: Branding,
  lang: Language,
  edited: { subject: string; body: string },
  vars: MailVars,
  footer: string,
  unsubscribe?: MailContent['unsubscribe'],
): RenderedMail {
  const content = renderCustomContent(edited, vars, footer, (block) => renderBlock(block, branding.accent));
  return renderLayout(branding, lang, unsubscribe ? { ...content, unsubscribe } : content);
}

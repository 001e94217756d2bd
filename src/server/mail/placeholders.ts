/**
 * The owner's wording of the shop's e-mails: which placeholders each template offers, the built-in text written
 * with them (the editor's starting point), sample values for the live preview, and rendering of an edited subject
 * and body into the shop's layout. Pure: no database, so it is tested without one.
 */
import { getTranslator } from '../../lib/i18n';
import type { Language } from '../../lib/localize';
import { escapeHtml, type MailBlock, type MailContent } from './layout';

/** Every e-mail the owner may word: the queued ones and the password reset, sent at once. */
export const EDITABLE_MAIL_TEMPLATES = [
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
  'lead-reply',
  'review-created',
  'comment-created',
  'staff-invite',
  'password-reset',
  'checkout-reminder',
  'checkout-reminder-second',
  'back-in-stock-confirm',
  'back-in-stock',
] as const;
export type EditableMailTemplate = (typeof EDITABLE_MAIL_TEMPLATES)[number];

export const isEditableMailTemplate = (value: string): value is EditableMailTemplate =>
  (EDITABLE_MAIL_TEMPLATES as readonly string[]).includes(value);

/** A placeholder's value: a text (escaped in HTML), or a block of the layout (a table of rows, a button). */
export type MailVar = string | MailBlock;
export type MailVars = Record<string, MailVar>;

const SHOP = ['shop.name', 'shop.link'];
const ORDER = [
  ...SHOP,
  'order.number',
  'order.total',
  'order.link',
  'order.button',
  'order.summary',
  'order.address',
  'customer.name',
  'customer.email',
  'customer.phone',
];

const CART = [...SHOP, 'cart.items', 'cart.total', 'cart.link', 'cart.button', 'discount.code', 'discount.text', 'unsubscribe.link'];

/** The placeholders each template offers (`{{order.number}}`); anything else in a subject or body is refused. */
export const TEMPLATE_PLACEHOLDERS: Record<EditableMailTemplate, readonly string[]> = {
  'order-placed': ORDER,
  'order-placed-shop': [...ORDER, 'order.comment', 'order.adminLink'],
  'payment-received': [...ORDER, 'payment.amount'],
  'payment-refunded': [...ORDER, 'refund.amount', 'refund.summary'],
  'delivery-price-set': [...ORDER, 'delivery.price'],
  'order-status': [...ORDER, 'order.status'],
  'order-canceled': [...ORDER, 'cancel.reason'],
  'order-shipped': [...ORDER, 'shipment.summary', 'shipment.carrier', 'shipment.tracking', 'shipment.trackingLink'],
  'order-edited': [...ORDER, 'edit.payment'],
  'return-requested-shop': [...ORDER, 'order.adminLink', 'return.summary', 'return.reason'],
  'lead-created': [...SHOP, 'lead.name', 'lead.phone', 'lead.email', 'lead.text', 'lead.product', 'lead.adminLink'],
  'lead-reply': [...SHOP, 'lead.name', 'reply.text'],
  'review-created': [...SHOP, 'review.product', 'review.author', 'review.rating', 'review.text', 'review.adminLink'],
  'comment-created': [...SHOP, 'comment.article', 'comment.author', 'comment.text', 'comment.adminLink'],
  'staff-invite': [...SHOP, 'staff.name', 'invite.inviter', 'invite.role', 'invite.link', 'invite.button', 'invite.days'],
  'password-reset': [...SHOP, 'reset.link'],
  'checkout-reminder': CART,
  'checkout-reminder-second': CART,
  'back-in-stock-confirm': [...SHOP, 'product.title', 'confirm.link', 'confirm.button'],
  'back-in-stock': [...SHOP, 'product.title', 'product.link', 'product.button', 'product.price', 'unsubscribe.link'],
};

const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

/** The placeholders a text names that `template` does not offer (each once, in order). */
export function unknownPlaceholders(template: EditableMailTemplate, text: string): string[] {
  const known = TEMPLATE_PLACEHOLDERS[template];
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.includes(name));
  // a brace pair that is not a well-formed placeholder is unknown as well
  const malformed = [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim()).filter((inner) => !/^[A-Za-z][\w.]*$/.test(inner));
  return [...new Set([...unknown, ...malformed])];
}

type Piece = string | [key: string, params?: Record<string, string>];
const p = (name: string) => `{{${name}}}`;

/** The built-in wording of each template, with placeholders where the data goes (keys of locales/*.json `mail`). */
const BUILT_IN: Record<EditableMailTemplate, { subject: Piece; body: Piece[] }> = {
  'order-placed': {
    subject: ['mail.orderPlaced.subject', { number: p('order.number'), shop: p('shop.name') }],
    body: [
      ['mail.greeting', { name: p('customer.name') }],
      ['mail.orderPlaced.intro', { number: p('order.number') }],
      p('order.summary'),
      p('order.button'),
    ],
  },
  'order-placed-shop': {
    subject: ['mail.orderPlacedShop.subject', { number: p('order.number'), total: p('order.total') }],
    body: [
      ['mail.orderPlacedShop.intro', { name: p('customer.name'), phone: p('customer.phone'), email: p('customer.email') }],
      p('order.summary'),
      ['mail.templateText.address', { address: p('order.address') }],
      ['mail.templateText.comment', { comment: p('order.comment') }],
      ['mail.templateText.open', { link: p('order.adminLink') }],
    ],
  },
  'payment-received': {
    subject: ['mail.paymentReceived.subject', { number: p('order.number') }],
    body: [
      ['mail.paymentReceived.intro', { number: p('order.number'), amount: p('payment.amount') }],
      p('order.summary'),
      p('order.button'),
    ],
  },
  'payment-refunded': {
    subject: ['mail.paymentRefunded.subject', { number: p('order.number'), amount: p('refund.amount') }],
    body: [
      ['mail.greeting', { name: p('customer.name') }],
      ['mail.paymentRefunded.intro', { number: p('order.number'), amount: p('refund.amount') }],
      p('refund.summary'),
      ['mail.paymentRefunded.timing'],
      p('order.button'),
    ],
  },
  'delivery-price-set': {
    subject: ['mail.deliveryPriceSet.subject', { number: p('order.number') }],
    body: [
      ['mail.deliveryPriceSet.intro', { number: p('order.number'), price: p('delivery.price'), total: p('order.total') }],
      p('order.summary'),
      p('order.button'),
    ],
  },
  'order-status': {
    subject: ['mail.orderStatus.subject', { number: p('order.number'), status: p('order.status') }],
    body: [['mail.orderStatus.intro', { number: p('order.number'), status: p('order.status') }], p('order.button')],
  },
  'order-canceled': {
    subject: ['mail.orderCanceled.subject', { number: p('order.number') }],
    body: [
      ['mail.orderCanceled.intro', { number: p('order.number') }],
      ['mail.orderCanceled.reason', { reason: p('cancel.reason') }],
      p('order.button'),
    ],
  },
  'order-shipped': {
    subject: ['mail.orderShipped.subject', { number: p('order.number') }],
    body: [
      ['mail.greeting', { name: p('customer.name') }],
      ['mail.orderShipped.intro', { number: p('order.number') }],
      p('shipment.summary'),
      ['mail.orderShipped.tracking', { carrier: p('shipment.carrier'), number: p('shipment.tracking') }],
      ['mail.templateText.track', { link: p('shipment.trackingLink') }],
      p('order.button'),
    ],
  },
  'order-edited': {
    subject: ['mail.orderEdited.subject', { number: p('order.number') }],
    body: [
      ['mail.greeting', { name: p('customer.name') }],
      ['mail.orderEdited.intro', { number: p('order.number') }],
      p('order.summary'),
      ['mail.templateText.address', { address: p('order.address') }],
      p('edit.payment'),
      p('order.button'),
    ],
  },
  'return-requested-shop': {
    subject: ['mail.returnRequestedShop.subject', { number: p('order.number') }],
    body: [
      ['mail.returnRequestedShop.intro', { number: p('order.number'), name: p('customer.name') }],
      p('return.summary'),
      ['mail.templateText.reason', { reason: p('return.reason') }],
      ['mail.templateText.open', { link: p('order.adminLink') }],
    ],
  },
  'lead-created': {
    subject: ['mail.leadCreated.subject', { name: p('lead.name') }],
    body: [
      ['mail.templateText.lead', { name: p('lead.name'), phone: p('lead.phone'), email: p('lead.email'), product: p('lead.product') }],
      p('lead.text'),
      ['mail.templateText.open', { link: p('lead.adminLink') }],
    ],
  },
  'lead-reply': {
    subject: ['mail.leadReply.subject', { shop: p('shop.name') }],
    body: [['mail.greeting', { name: p('lead.name') }], p('reply.text')],
  },
  'review-created': {
    subject: ['mail.reviewCreated.subject', { product: p('review.product') }],
    body: [
      ['mail.templateText.review', { product: p('review.product'), author: p('review.author'), rating: p('review.rating') }],
      p('review.text'),
      ['mail.templateText.open', { link: p('review.adminLink') }],
    ],
  },
  'comment-created': {
    subject: ['mail.commentCreated.subject', { article: p('comment.article') }],
    body: [
      ['mail.templateText.comment', { comment: p('comment.text') }],
      ['mail.templateText.commentBy', { article: p('comment.article'), author: p('comment.author') }],
      ['mail.templateText.open', { link: p('comment.adminLink') }],
    ],
  },
  'staff-invite': {
    subject: ['mail.staffInvite.subject', { shop: p('shop.name') }],
    body: [
      ['mail.greeting', { name: p('staff.name') }],
      ['mail.staffInvite.intro', { shop: p('shop.name'), inviter: p('invite.inviter'), role: p('invite.role') }],
      p('invite.button'),
      ['mail.templateText.expires', { days: p('invite.days') }],
    ],
  },
  'password-reset': {
    subject: ['mail.passwordReset.subject', { site: p('shop.name') }],
    body: [
      ['mail.passwordReset.intro', { site: p('shop.name') }],
      ['mail.templateText.resetLink', { link: p('reset.link') }],
      ['mail.passwordReset.expiry'],
      ['mail.passwordReset.ignore'],
    ],
  },
  'checkout-reminder': {
    subject: ['mail.checkoutReminder.subject', { shop: p('shop.name') }],
    body: [['mail.checkoutReminder.intro'], p('cart.items'), p('discount.text'), p('cart.button')],
  },
  'checkout-reminder-second': {
    subject: ['mail.checkoutReminderSecond.subject', { shop: p('shop.name') }],
    body: [['mail.checkoutReminderSecond.intro'], p('cart.items'), p('discount.text'), p('cart.button')],
  },
  'back-in-stock-confirm': {
    subject: ['mail.backInStockConfirm.subject', { product: p('product.title') }],
    body: [
      ['mail.backInStockConfirm.intro', { product: p('product.title'), shop: p('shop.name') }],
      p('confirm.button'),
      ['mail.backInStockConfirm.ignore'],
    ],
  },
  'back-in-stock': {
    subject: ['mail.backInStock.subject', { product: p('product.title') }],
    body: [
      ['mail.backInStock.intro', { product: p('product.title'), shop: p('shop.name') }],
      p('product.button'),
      ['mail.templateText.unsubscribe', { link: p('unsubscribe.link') }],
    ],
  },
};

/** The built-in subject and body of a template, written with its placeholders (what the editor starts from). */
export function builtInTemplate(template: EditableMailTemplate, lang: Language): { subject: string; body: string } {
  const t = getTranslator(lang);
  const text = (piece: Piece) => (typeof piece === 'string' ? piece : t(piece[0], piece[1] ?? {}));
  const { subject, body } = BUILT_IN[template];
  return { subject: text(subject), body: body.map((piece) => `<p>${escapeHtml(text(piece))}</p>`).join('\n') };
}

/** Sample values of every placeholder, for the live preview and the test send. */
export function sampleVars(lang: Language, publicUrl: string, shopName: string): MailVars {
  const t = getTranslator(lang);
  const ru = lang === 'ru';
  const money = (n: number) => (ru ? `${n.toLocaleString('ru-RU')} ₽` : `$${n.toFixed(2)}`);
  const orderLink = `${publicUrl}/payment?order=1042&token=sample`;
  const admin = `${publicUrl}/admin`;
  const rows = (rowsOf: [string, string][]): MailBlock => ({ kind: 'rows', rows: rowsOf.map(([label, value]) => ({ label, value })) });
  return {
    'shop.name': shopName,
    'shop.link': `${publicUrl}/`,
    'order.number': '1042',
    'order.total': money(57),
    'order.link': orderLink,
    'order.button': { kind: 'button', label: t('mail.viewOrder'), url: orderLink },
    'order.summary': rows([
      [ru ? 'Улун × 2' : 'Oolong × 2', money(50)],
      [t('mail.delivery'), money(7)],
      [t('mail.total'), money(57)],
    ]),
    'order.address': ru ? 'ул. Садовая, 5, Москва' : '5 Garden Street, Springfield',
    'order.comment': ru ? 'Позвоните перед доставкой' : 'Please call before delivery',
    'order.adminLink': `${admin}/orders/sample`,
    'order.status': ru ? 'Собран' : 'Packed',
    'customer.name': ru ? 'Анна' : 'Anna',
    'customer.email': 'anna@example.com',
    'customer.phone': '+1 555 0100',
    'payment.amount': money(57),
    'refund.amount': money(25),
    'refund.summary': rows([[ru ? 'Улун' : 'Oolong', '× 1']]),
    'delivery.price': money(7),
    'cancel.reason': ru ? 'нет в наличии' : 'out of stock',
    'shipment.summary': rows([[ru ? 'Улун' : 'Oolong', '× 2']]),
    'edit.payment': t('mail.orderEdited.due', { amount: money(12.5) }),
    'return.summary': rows([[ru ? 'Улун' : 'Oolong', '× 1']]),
    'return.reason': ru ? 'Не подошёл вкус' : 'Not to my taste',
    'shipment.carrier': 'UPS',
    'shipment.tracking': '1Z999AA10123456784',
    'shipment.trackingLink': 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    'lead.name': ru ? 'Анна' : 'Anna',
    'lead.phone': '+1 555 0100',
    'lead.email': 'anna@example.com',
    'lead.text': ru ? 'Есть ли этот чай в больших упаковках?' : 'Do you have this tea in larger packs?',
    'lead.product': ru ? 'Улун' : 'Oolong',
    'lead.adminLink': `${admin}/leads?q=anna`,
    'reply.text': ru ? 'Да, есть упаковки по 500 г.' : 'Yes, we have 500 g packs.',
    'review.product': ru ? 'Улун' : 'Oolong',
    'review.author': ru ? 'Анна' : 'Anna',
    'review.rating': '5/5',
    'review.text': ru ? 'Прекрасный чай.' : 'Lovely tea.',
    'review.adminLink': `${admin}/moderation/reviews`,
    'comment.article': ru ? 'Как заваривать улун' : 'How to brew oolong',
    'comment.author': ru ? 'Анна' : 'Anna',
    'comment.text': ru ? 'Спасибо за статью!' : 'Thanks for the article!',
    'comment.adminLink': `${admin}/moderation/comments`,
    'staff.name': ru ? 'Анна' : 'Anna',
    'invite.inviter': ru ? 'Владелец' : 'The owner',
    'invite.role': t('mail.staffInvite.roles.manager'),
    'invite.link': `${admin}/invite?token=sample`,
    'invite.button': { kind: 'button', label: t('mail.staffInvite.button'), url: `${admin}/invite?token=sample` },
    'invite.days': '7',
    'reset.link': `${publicUrl}/reset_password_confirm/sample`,
    'cart.items': {
      kind: 'items',
      items: [{ title: ru ? 'Улун' : 'Oolong', detail: '× 2', price: money(50), imageUrl: null }],
    },
    'cart.total': money(50),
    'cart.link': `${publicUrl}/cart/restore?token=sample`,
    'cart.button': { kind: 'button', label: t('mail.checkoutReminder.button'), url: `${publicUrl}/cart/restore?token=sample` },
    'discount.code': 'WELCOME10',
    'discount.text': t('mail.checkoutReminder.discount', { code: 'WELCOME10' }),
    'product.title': ru ? 'Улун, 100 г' : 'Oolong, 100 g',
    'product.link': `${publicUrl}/products/oolong`,
    'product.button': { kind: 'button', label: t('mail.backInStock.button'), url: `${publicUrl}/products/oolong` },
    'product.price': money(12.5),
    'confirm.link': `${publicUrl}/back-in-stock?action=confirm&id=sample&token=sample`,
    'confirm.button': {
      kind: 'button',
      label: t('mail.backInStockConfirm.button'),
      url: `${publicUrl}/back-in-stock?action=confirm&id=sample&token=sample`,
    },
    'unsubscribe.link': `${publicUrl}/back-in-stock?action=unsubscribe&id=sample&token=sample`,
  };
}

const decodeEntities = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39|nbsp);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name]!,
  );

/** The plain-text twin of a body's HTML: paragraphs and line breaks kept, tags dropped. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote)>/gi, '\n\n')
      .replace(/<li[^>]*>/gi, '• ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * An edited subject and body filled with `vars` as the layout's content: text values are escaped in the HTML, a
 * block value (a table, a button) standing alone in a paragraph replaces the paragraph, and a placeholder with no
 * value (an order without a comment) leaves nothing; a paragraph left empty by it is dropped.
 */
export function renderCustomContent(
  edited: { subject: string; body: string },
  vars: MailVars,
  footer: string,
  renderBlock: (block: MailBlock) => { html: string; text: string },
): MailContent {
  const textOf = (value: MailVar | undefined): string =>
    value === undefined ? '' : typeof value === 'string' ? value : renderBlock(value).text;
  const subject = edited.subject
    .replace(PLACEHOLDER, (_, name: string) => textOf(vars[name]))
    .replace(/\s+/g, ' ')
    .trim();
  const fill = (html: string) =>
    html
      .replace(PLACEHOLDER, (_, name: string) => {
        const value = vars[name];
        if (value === undefined) return '';
        if (typeof value !== 'string') return renderBlock(value).html;
        return escapeHtml(value).replace(/\n/g, '<br>');
      })
      // a paragraph that only held a placeholder with no value is not sent empty
      .replace(/<p>\s*<\/p>/g, '');
  const htmlParts: string[] = [];
  const textParts: string[] = [];
  const standalone = /<p>\s*\{\{\s*([A-Za-z][\w.]*)\s*\}\}\s*<\/p>/g;
  let last = 0;
  const flush = (chunk: string) => {
    const filled = fill(chunk);
    if (filled.trim() === '') return;
    htmlParts.push(filled);
    textParts.push(htmlToText(filled));
  };
  for (const match of edited.body.matchAll(standalone)) {
    const value = vars[match[1]!];
    if (value === undefined || typeof value === 'string') continue;
    flush(edited.body.slice(last, match.index));
    const rendered = renderBlock(value);
    htmlParts.push(rendered.html);
    textParts.push(rendered.text);
    last = match.index + match[0].length;
  }
  flush(edited.body.slice(last));
  const text = textParts.filter((part) => part.trim() !== '').join('\n\n');
  return { subject, heading: '', blocks: [{ kind: 'html', html: htmlParts.join('\n'), text }], footer };
}

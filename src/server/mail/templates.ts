/** The e-mails the shop sends; each is rendered by the worker from its queued data. */
export const MAIL_TEMPLATES = [
  'order-placed',
  'order-placed-shop',
  'payment-received',
  'delivery-price-set',
  'order-status',
  'order-canceled',
  'lead-created',
  'review-created',
  'comment-created',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

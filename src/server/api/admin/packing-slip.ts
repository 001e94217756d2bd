import type { OrderDetail } from '../../../contract/admin';
import { formatDateShort } from '../../../lib/dates';
import { formatPrice } from '../../../lib/format-price';
import { getTranslator } from '../../../lib/i18n';
import type { Language } from '../../../lib/localize';
import { centsToAmount } from '../../../lib/money';
import type { Database } from '../../db/client';
import { shopName } from '../commerce/shop-settings';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A printable page for packing an order: items with SKU and quantity, who receives it and where. With `invoice`, the
 * order's invoice instead: its number and date, the buyer, every price and the totals with discount and delivery.
 */
export async function renderPackingSlip(
  db: Database,
  order: OrderDetail,
  options: { lang: Language; prices: boolean; scriptNonce: string; invoice?: { number: number; issuedAt: string } },
): Promise<string> {
  const t = getTranslator(options.lang);
  const label = (key: string, params: Record<string, unknown> = {}) => escapeHtml(t(`adminApi.packingSlip.${key}`, params));
  const money = (cents: number) => escapeHtml(formatPrice(centsToAmount(cents), { currency: order.currency }));
  const person = order.receiver ?? order.customer;
  const address = order.address
    ? [order.address.street, order.address.locality, order.address.region, order.address.postalCode, order.address.country]
        .filter(Boolean)
        .join(', ')
    : (order.delivery.location?.address ?? order.delivery.location?.title ?? '');
  // an invoice of a taxed order names each line's rate and the tax (VAT invoices must)
  const taxed = !!options.invoice && order.totals.taxCents > 0;
  const percent = (rate: number) => escapeHtml(`${new Intl.NumberFormat(options.lang, { maximumFractionDigits: 3 }).format(rate)}%`);
  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.title)}${item.variationTitle ? `<br><small>${escapeHtml(item.variationTitle)}</small>` : ''}${
          item.optionsText ? `<br><small>${escapeHtml(item.optionsText)}</small>` : ''
        }</td><td>${escapeHtml(item.sku ?? '')}</td><td class="n">${item.quantity}</td>${
          options.prices
            ? `<td class="n">${money(item.unitPriceCents)}</td>${taxed ? `<td class="n">${percent(item.taxRate)}</td>` : ''}<td class="n">${money(item.totalCents)}</td>`
            : ''
        }</tr>`,
    )
    .join('');
  const invoice = options.invoice;
  const title = invoice
    ? label('invoiceTitle', { invoice: invoice.number, number: order.number })
    : label('title', { number: order.number });
  const buyer = [order.customer.name, order.customer.lastName].filter(Boolean).join(' ');
  const totals = invoice
    ? `<dl class="n">
<dt>${label('itemsTotal')}</dt><dd>${money(order.totals.itemsCents)}</dd>
${order.totals.discountCents ? `<dt>${label('discount')}</dt><dd>−${money(order.totals.discountCents)}</dd>` : ''}
<dt>${label('deliveryPrice')}</dt><dd>${money(order.totals.deliveryCents)}</dd>
${taxed ? `<dt>${label(order.totals.taxIncluded ? 'taxIncluded' : 'tax')}</dt><dd>${money(order.totals.taxCents)}</dd>` : ''}
<dt>${label('orderTotal')}</dt><dd><strong>${money(order.totals.totalCents)}</strong></dd>
</dl>`
    : options.prices
      ? `<p class="n"><strong>${label('orderTotal')}: ${money(order.totals.totalCents)}</strong></p>`
      : '';
  return `<!doctype html>
<html lang="${options.lang}"><head><meta charset="utf-8"><title>${title}</title>
<meta name="robots" content="noindex">
<style>
body{font:14px/1.45 system-ui,sans-serif;color:#111;margin:2rem;max-width:52rem}
h1{font-size:1.4rem;margin:0 0 .25rem}table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}.n{text-align:right;white-space:nowrap}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}
@media print{body{margin:0}button{display:none}}
</style></head><body>
<p>${escapeHtml(await shopName(db))}</p>
<h1>${title}</h1>
<p>${escapeHtml(formatDateShort(invoice?.issuedAt ?? order.createdAt, options.lang))}</p>
<dl>
${invoice ? `<dt>${label('buyer')}</dt><dd>${escapeHtml([buyer, order.customer.phone, order.customer.email].filter(Boolean).join(', '))}</dd>` : ''}
<dt>${label('receiver')}</dt><dd>${escapeHtml([person.name, person.lastName].filter(Boolean).join(' '))}, ${escapeHtml(person.phone)}</dd>
<dt>${label('delivery')}</dt><dd>${escapeHtml(order.delivery.title ?? order.delivery.method)}</dd>
<dt>${label('address')}</dt><dd>${escapeHtml(address)}</dd>
${order.comment ? `<dt>${label('comment')}</dt><dd>${escapeHtml(order.comment)}</dd>` : ''}
</dl>
<table><thead><tr><th>${label('item')}</th><th>${label('sku')}</th><th class="n">${label('quantity')}</th>${
    options.prices
      ? `<th class="n">${label('price')}</th>${taxed ? `<th class="n">${label('taxRate')}</th>` : ''}<th class="n">${label('total')}</th>`
      : ''
  }</tr></thead><tbody>${rows}</tbody></table>
${totals}
<button type="button" id="print">${label('print')}</button>
<script nonce="${options.scriptNonce}">document.getElementById('print').addEventListener('click', () => print());</script>
</body></html>`;
}

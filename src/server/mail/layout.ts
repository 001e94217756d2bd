/** The shop's e-mail layout: one HTML body (inline styles, table layout for mail clients) and its plain-text twin. */

export type Branding = { shopName: string; logoUrl: string | null; accent: string; shopUrl: string };

export type MailBlock =
  | { kind: 'text'; text: string }
  | { kind: 'rows'; rows: { label: string; value: string; strong?: boolean }[] }
  | { kind: 'button'; label: string; url: string }
  /** products with their pictures (a cart's lines): title, detail (variation and quantity), price */
  | { kind: 'items'; items: { title: string; detail: string; price: string; imageUrl: string | null }[] }
  /** the owner's edited body: HTML as saved (cleaned unless written by the owner) and its plain-text twin */
  | { kind: 'html'; html: string; text: string };

/** `unsubscribe`: a marketing mail's own link to stop such mail, under the footer (whatever the owner's wording says). */
export type MailContent = {
  subject: string;
  heading: string;
  blocks: MailBlock[];
  footer: string;
  unsubscribe?: { label: string; url: string };
};

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A CSS colour that cannot break out of the style attribute; anything else becomes the default. */
export function safeColour(value: string | undefined, fallback = '#2f6f4f'): string {
  return value && /^#[0-9a-f]{3,8}$/i.test(value.trim()) ? value.trim() : fallback;
}

function blockHtml(block: MailBlock, accent: string): string {
  switch (block.kind) {
    case 'text':
      return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
    case 'rows':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          (row) =>
            `<tr><td style="padding:6px 8px 6px 0;border-bottom:1px solid #eee;vertical-align:top">${escapeHtml(row.label)}</td><td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right;vertical-align:top${row.strong ? ';font-weight:bold' : ''}">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">${escapeHtml(block.label)}</a></p>`;
    case 'html':
      return `<div style="line-height:1.5">${block.html}</div>`;
    case 'items':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${block.items
        .map(
          (item) =>
            `<tr><td width="72" style="padding:8px 12px 8px 0;border-bottom:1px solid #eee;vertical-align:top">${item.imageUrl ? `<img src="${escapeHtml(item.imageUrl)}" alt="" width="64" style="width:64px;max-height:64px;border:0;border-radius:4px">` : ''}</td><td style="padding:8px 8px 8px 0;border-bottom:1px solid #eee;vertical-align:top"><strong>${escapeHtml(item.title)}</strong>${item.detail ? `<br><span style="color:#6b665f;font-size:13px">${escapeHtml(item.detail)}</span>` : ''}</td><td style="padding:8px 0;border-bottom:1px solid #eee;text-align:right;vertical-align:top;white-space:nowrap">${escapeHtml(item.price)}</td></tr>`,
        )
        .join('')}</table>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
      return block.text;
    case 'rows':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'html':
      return block.text;
    case 'items':
      return block.items.map((item) => `${item.title}${item.detail ? ` (${item.detail})` : ''}: ${item.price}`).join('\n');
  }
}

/** One block on its own (a placeholder's table or button inside the owner's body). */
export function renderBlock(block: MailBlock, accent: string): { html: string; text: string } {
  return { html: blockHtml(block, safeColour(accent)), text: blockText(block) };
}

export function renderLayout(branding: Branding, lang: string, content: MailContent): { subject: string; html: string; text: string } {
  const accent = safeColour(branding.accent);
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.shopName)}" height="40" style="height:40px;max-width:200px;border:0">`
    : `<strong style="font-size:20px;color:${accent}">${escapeHtml(branding.shopName)}</strong>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#1f1d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border-top:4px solid ${accent}">
<tr><td style="padding:24px 24px 8px"><a href="${escapeHtml(branding.shopUrl)}" style="text-decoration:none">${logo}</a></td></tr>
<tr><td style="padding:8px 24px 24px;font-size:15px">
${content.heading ? `<h1 style="font-size:22px;margin:0 0 16px;color:#1f1d1a">${escapeHtml(content.heading)}</h1>\n` : ''}${content.blocks.map((b) => blockHtml(b, accent)).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #eee;color:#6b665f;font-size:12px">${escapeHtml(content.footer)}${content.unsubscribe ? `<br><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#6b665f">${escapeHtml(content.unsubscribe.label)}</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    ...(content.heading ? [content.heading, ''] : []),
    ...content.blocks.map(blockText).flatMap((t) => [t, '']),
    '--',
    content.footer,
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n');
  return { subject: content.subject, html, text };
}

/**
 * Rich text of the shop owner is sanitised when it is written; at render time script elements are
 * dropped once more and embedded frames load lazily (spec 2.9).
 */

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>|<script\b[^>]*\/?>/gi;
const IFRAME_WITHOUT_LOADING = /<iframe\b(?![^>]*\sloading\s*=)/gi;

export function richHtml(html: string): string {
  return html.replace(SCRIPT, '').replace(IFRAME_WITHOUT_LOADING, '<iframe loading="lazy"');
}

/** True when the html shows something: text, an image, a frame or media. */
export function hasRichContent(html: string): boolean {
  if (/<(img|iframe|video|audio|svg|picture|object|embed|hr|table)\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/gi, '').length > 0;
}

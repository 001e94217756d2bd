import { isRecord } from './schema-kit';

/**
 * Where a button or slide link of a section goes (spec 2.9):
 * a plain string as it is; `external` (also `link`, the slide's name for it) its url; `page` /{url};
 * `catalog` /catalogs/{url}; `product` /products/{url} with ?variation={id} when a variation is
 * chosen; `category` and `article` /{url}.
 *
 * Addresses with a scheme other than http(s), mailto and tel are refused (null), so stored data
 * can never produce a `javascript:` link.
 */

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const ANY_SCHEME = /^[a-z][a-z\d+.-]*:/i;

function safeAddress(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  // Control characters and whitespace inside a scheme ('java\tscript:') would hide it from the check.
  const compact = trimmed.replace(/[\u0000-\u0020]/g, '');
  if (ANY_SCHEME.test(compact) && !SAFE_SCHEME.test(compact)) return null;
  return trimmed;
}

const asString = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The variation id of a product link: `variation` as an id or `{ id }`, also under `options`. */
function variationOf(link: Record<string, unknown>): string {
  const options = isRecord(link['options']) ? link['options'] : {};
  for (const candidate of [link['variation'], options['variation'], link['variationId'], options['variationId']]) {
    const id = isRecord(candidate) ? asString(candidate['id']) : asString(candidate);
    if (id) return id;
  }
  return '';
}

const pathOf = (url: string) => url.replace(/^\/+/, '');

/** The href of a stored link, or null when there is none. */
export function linkHref(link: unknown): string | null {
  if (typeof link === 'string') return safeAddress(link);
  if (!isRecord(link)) return null;
  const url = asString(link['url']);
  switch (link['type']) {
    case 'external':
    case 'link':
      return safeAddress(url);
    case 'page':
      return safeAddress(`/${pathOf(url)}`);
    case 'catalog':
      return url ? safeAddress(`/catalogs/${pathOf(url)}`) : null;
    case 'product': {
      if (!url) return null;
      const variation = variationOf(link);
      return safeAddress(`/products/${pathOf(url)}${variation ? `?variation=${encodeURIComponent(variation)}` : ''}`);
    }
    case 'category':
    case 'article':
      return url ? safeAddress(`/${pathOf(url)}`) : null;
    default:
      return url ? safeAddress(url) : null;
  }
}

/** True when the href leaves the shop (it then opens in a new tab). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

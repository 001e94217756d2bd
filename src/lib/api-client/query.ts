/** Query strings in the bracket notation the API reads (`ids[]=a&ids[]=b`, `filter[options][Colour][Red]=1`). */

export type QueryValue = string | number | boolean | null | undefined | readonly QueryValue[] | { readonly [key: string]: QueryValue };
export type QueryParams = { readonly [key: string]: QueryValue };

function append(pairs: string[], key: string, value: QueryValue): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) append(pairs, `${key}[]`, item);
  } else if (typeof value === 'object') {
    for (const [subKey, subValue] of Object.entries(value)) append(pairs, `${key}[${encodeURIComponent(subKey)}]`, subValue);
  } else {
    pairs.push(`${key}=${encodeURIComponent(String(value))}`);
  }
}

/** `?a=1&ids[]=x` for the given params, or '' when none has a value. null and undefined are left out. */
export function buildQueryString(params: QueryParams = {}): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) append(pairs, encodeURIComponent(key), value);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

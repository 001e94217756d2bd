type Nested = { [key: string]: string | string[] | Nested };

/**
 * Parses a query string with bracket notation (`ids[]=a&ids[]=b`, `filter[minPrice]=10`,
 * `filter[options][Colour][Red]=1`) into nested objects and arrays.
 */
export function parseQueryString(search: string | URLSearchParams): Nested {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const root: Nested = {};
  for (const [rawKey, value] of params) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) {
      assign(root, [rawKey], value);
      continue;
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    assign(root, path, value);
  }
  return root;
}

function assign(target: Nested, path: string[], value: string): void {
  let node: Nested = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const last = i === path.length - 1;
    const nextIsArray = path[i + 1] === '';
    if (key === '') return; // handled by the parent as an array push
    if (last) {
      const existing = node[key];
      if (existing === undefined) node[key] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else if (typeof existing === 'string') node[key] = [existing, value];
      return;
    }
    if (nextIsArray && i + 1 === path.length - 1) {
      const existing = node[key];
      if (Array.isArray(existing)) existing.push(value);
      else if (typeof existing === 'string') node[key] = [existing, value];
      else node[key] = [value];
      return;
    }
    const child = node[key];
    if (child === undefined || typeof child === 'string' || Array.isArray(child)) {
      node[key] = {};
    }
    node = node[key] as Nested;
  }
}

/**
 * The variations grid of a product with options: one variation per combination of option values (the
 * cartesian product, in option order). Regenerating after the options change keeps every variation whose
 * value set still exists; a new combination starts from the existing variation it shares most values with
 * (its price and stock are a better start than nothing), else from the caller's defaults. Exactly one
 * variation is the default one. Framework-free: the back office's editor and the API use it.
 */

export type GridText = { en: string; ru: string };
export type GridValue = { key: string; title: GridText };
export type GridOption = { key: string; unit?: GridText | null; values: GridValue[] };
/** A variation as the grid sees it: the keys of its option values, one per option, and its default flag. */
export type GridVariation = { valueKeys: string[]; isDefault: boolean };

/** Every combination of one value per option, in option order; one empty combination without options. */
export function combinations(options: readonly { values: readonly { key: string }[] }[]): string[][] {
  let result: string[][] = [[]];
  for (const option of options) {
    result = result.flatMap((prefix) => option.values.map((value) => [...prefix, value.key]));
  }
  return result;
}

/** A value set compared without order. */
export const valueSetKey = (valueKeys: readonly string[]) => [...valueKeys].sort().join('\u0000');

const shared = (a: readonly string[], b: readonly string[]) => a.filter((key) => b.includes(key)).length;

/**
 * The grid for `options`: kept variations (same value set) in grid order, new ones made by `create` from
 * their value keys and the closest existing variation (or null). Exactly one default: the kept default
 * when it survives, else the first variation.
 */
export function buildGrid<V extends GridVariation>(
  options: readonly { values: readonly { key: string }[] }[],
  existing: readonly V[],
  create: (valueKeys: string[], template: V | null) => V,
): V[] {
  const byKey = new Map(existing.map((variation) => [valueSetKey(variation.valueKeys), variation]));
  const grid = combinations(options).map((valueKeys) => {
    const kept = byKey.get(valueSetKey(valueKeys));
    if (kept) return { ...kept, valueKeys };
    let template: V | null = null;
    let best = -1;
    for (const variation of existing) {
      const score = shared(variation.valueKeys, valueKeys) * 2 + (variation.isDefault ? 1 : 0);
      if (score > best) {
        best = score;
        template = variation;
      }
    }
    return { ...create(valueKeys, template), valueKeys, isDefault: false };
  });
  return withOneDefault(grid);
}

/** The list with exactly one default: the first one flagged, else the first variation. */
export function withOneDefault<V extends GridVariation>(variations: readonly V[], chosen?: number): V[] {
  const flagged = chosen ?? variations.findIndex((variation) => variation.isDefault);
  const index = flagged >= 0 && flagged < variations.length ? flagged : 0;
  return variations.map((variation, i) => ({ ...variation, isDefault: i === index }));
}

/** A variation's title from its values: "Red / M" in each language (with the option's unit, as the storefront shows it). */
export function variationTitle(options: readonly GridOption[], valueKeys: readonly string[]): GridText | null {
  const parts: GridText[] = [];
  for (const option of options) {
    const value = option.values.find((v) => valueKeys.includes(v.key));
    if (!value) continue;
    const unit = option.unit;
    parts.push({
      en: unit?.en ? `${value.title.en} ${unit.en}` : value.title.en,
      ru: unit?.ru ? `${value.title.ru || value.title.en} ${unit.ru}` : value.title.ru || value.title.en,
    });
  }
  if (parts.length === 0) return null;
  return { en: parts.map((p) => p.en).join(' / '), ru: parts.map((p) => p.ru).join(' / ') };
}

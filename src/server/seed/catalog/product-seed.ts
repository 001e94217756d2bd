import type { LocalizedText } from '../../db/schema';
import type { ShapeKind } from '../art/shapes';
import type { ColourKey, CountryKey, MaterialKey, OptionSeed } from './vocabulary';

export type ProductSeed = {
  slug: string;
  /** SKU stem; variations append their colour and option codes */
  sku: string;
  title: LocalizedText;
  description: LocalizedText;
  art: ShapeKind;
  /** One image per colour; with more than one colour the product gets a Colour option. */
  colours: [ColourKey, ...ColourKey[]];
  /** A second option (size, volume, scent ...) combined with every colour. */
  option?: OptionSeed;
  /** Full price in cents; 0 means price on request. */
  price: number;
  /** Discounted price in cents applied to every variation, below `price`. */
  salePrice?: number;
  /** Stock of the variations in order, repeated when shorter (null = unlimited). Unlimited when absent. */
  stocks?: (number | null)[];
  material: MaterialKey;
  country: CountryKey;
  care?: LocalizedText;
  /** kg */
  weight: number;
  /** length, width, height in cm */
  size: [number, number, number];
  /** Slugs of the catalogs the product is listed in (1 or 2). */
  catalogs: [string] | [string, string];
  related?: string[];
};

/** Product description html: an intro paragraph and a bullet list, in both languages. */
export function describe(en: string, enPoints: string[], ru: string, ruPoints: string[]): LocalizedText {
  const html = (intro: string, points: string[]) => `<p>${intro}</p><ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`;
  return { en: html(en, enPoints), ru: html(ru, ruPoints) };
}

/**
 * The product editor's working copy: what staff type (prices and measures as text), options and variations
 * with stable keys (new ones have no id yet), and its translation into the API's body. Framework-free.
 */
import type { ProductBody, ProductDetail } from '../../../contract/admin';
import { changeVariationPrice, type PriceChange } from '../../../lib/admin/bulk-price';
import { buildGrid, withOneDefault } from '../../../lib/admin/variation-grid';
import { amountToCents } from '../../../lib/money';
import { DEFAULT_TAX_CLASS, type TaxClass } from '../../../lib/tax';
import { videoFieldValue } from '../../../lib/video-field';
import { parseMoneyInput } from '../../lib/money-input';

export type TextDraft = { en: string; ru: string };
export type ValueDraft = { key: string; id?: string; title: TextDraft; value: string };
export type OptionView = 'select' | 'radio' | 'color';
export type OptionDraft = {
  key: string;
  id?: string;
  title: TextDraft;
  type: 'string' | 'number';
  view: OptionView;
  unit: TextDraft;
  values: ValueDraft[];
};
export type VariationDraft = {
  key: string;
  id?: string;
  valueKeys: string[];
  isDefault: boolean;
  sku: string;
  price: string;
  discount: string;
  /** blank: unlimited */
  stock: string;
  /** an existing variation's stock as loaded (null: unlimited); the save sends `stock` only when it differs from this */
  stockSeen?: number | null;
  weight: string;
  height: string;
  width: string;
  length: string;
  imageId: string;
};
export type PropertyDraft = { key: string; title: TextDraft; value: TextDraft };
export type ProductDraft = {
  title: TextDraft;
  slug: string;
  description: TextDraft;
  metaTitle: TextDraft;
  metaDescription: TextDraft;
  enabled: boolean;
  imageIds: string[];
  catalogIds: string[];
  related: { id: string; title: string }[];
  properties: PropertyDraft[];
  weight: string;
  height: string;
  width: string;
  length: string;
  /** 54-FZ VAT code as text; blank: the payment method's */
  taxClass: TaxClass;
  /** the video among the pictures as its field edits it (null: none) */
  video: unknown;
  options: OptionDraft[];
  variations: VariationDraft[];
  version: number | null;
};

let counter = 0;
/** A key for a new row of the editor (existing rows use their id). */
export const newKey = () => `new-${(counter += 1)}`;

const EMPTY: TextDraft = { en: '', ru: '' };
const amount = (cents: number | null) => (cents === null ? '' : String(cents / 100));
const measure = (value: number | null) => (value === null ? '' : String(value));
const stockText = (stock: number | null) => (stock === null ? '' : String(stock));

export function emptyVariation(valueKeys: string[] = [], template?: VariationDraft | null): VariationDraft {
  return {
    key: newKey(),
    valueKeys,
    isDefault: false,
    sku: '',
    price: template?.price ?? '',
    discount: template?.discount ?? '',
    stock: template?.stock ?? '',
    weight: template?.weight ?? '',
    height: template?.height ?? '',
    width: template?.width ?? '',
    length: template?.length ?? '',
    imageId: '',
  };
}

export function draftOf(detail: ProductDetail | null): ProductDraft {
  if (!detail) {
    return {
      title: { ...EMPTY },
      slug: '',
      description: { ...EMPTY },
      metaTitle: { ...EMPTY },
      metaDescription: { ...EMPTY },
      enabled: false,
      imageIds: [],
      catalogIds: [],
      related: [],
      properties: [],
      weight: '',
      height: '',
      width: '',
      length: '',
      taxClass: DEFAULT_TAX_CLASS,
      video: null,
      options: [],
      variations: [{ ...emptyVariation(), isDefault: true }],
      version: null,
    };
  }
  return {
    title: detail.title,
    slug: detail.slug,
    description: detail.description,
    metaTitle: detail.metaTitle,
    metaDescription: detail.metaDescription,
    enabled: detail.enabled,
    imageIds: detail.imageIds,
    catalogIds: detail.catalogIds,
    related: detail.relatedProducts.map((r) => ({ id: r.id, title: r.title })),
    properties: detail.properties.map((p) => ({ key: newKey(), title: p.title, value: p.value })),
    weight: measure(detail.weight || null),
    height: measure(detail.height || null),
    width: measure(detail.width || null),
    length: measure(detail.length || null),
    taxClass: detail.taxClass,
    video: detail.video,
    options: detail.options.map((o) => ({
      key: o.id,
      id: o.id,
      title: o.title,
      type: o.type === 'number' ? 'number' : 'string',
      view: o.view === 'radio' || o.view === 'color' ? o.view : 'select',
      unit: o.unit ?? { ...EMPTY },
      values: o.values.map((v) => ({ key: v.id, id: v.id, title: v.title, value: v.value ?? '' })),
    })),
    variations: detail.variations.map((v) => ({
      key: v.id,
      id: v.id,
      valueKeys: v.valueIds,
      isDefault: v.isDefault,
      sku: v.sku ?? '',
      price: amount(v.fullPriceCents || null),
      discount: amount(v.discountPriceCents),
      stock: stockText(v.stock),
      stockSeen: v.stock,
      weight: measure(v.weight),
      height: measure(v.height),
      width: measure(v.width),
      length: measure(v.length),
      imageId: v.imageId ?? '',
    })),
    version: detail.version,
  };
}

/** The variations after the options changed: kept where their values remain, new ones from the closest old one. */
export function regrid(draft: ProductDraft): ProductDraft {
  const options = draft.options.map((o) => ({ values: o.values.map((v) => ({ key: v.key })) }));
  return { ...draft, variations: buildGrid(options, draft.variations, (valueKeys, template) => emptyVariation(valueKeys, template)) };
}

export function setDefault(draft: ProductDraft, index: number): ProductDraft {
  return { ...draft, variations: withOneDefault(draft.variations, index) };
}

/** A bulk change over the chosen variations (by key), as the list's bulk edit does it on the server. */
export function changeVariations(
  draft: ProductDraft,
  keys: ReadonlySet<string>,
  change: { price: PriceChange } | { stock: number | null },
): ProductDraft {
  return {
    ...draft,
    variations: draft.variations.map((v) => {
      if (!keys.has(v.key)) return v;
      if ('stock' in change) return { ...v, stock: stockText(change.stock) };
      const full = parseMoneyInput(v.price);
      const discount = parseMoneyInput(v.discount);
      const next = changeVariationPrice(
        { fullPriceCents: full === null ? 0 : amountToCents(full), discountPriceCents: discount === null ? null : amountToCents(discount) },
        change.price,
      );
      return { ...v, price: amount(next.fullPriceCents), discount: amount(next.discountPriceCents) };
    }),
  };
}

/**
 * The draft after a save was refused because orders moved stock meanwhile (`current`: every existing variation's stock
 * now, by id): a variation the editor left alone shows the current figure; one the editor changed keeps the typed
 * figure, now as a change from the current one, so saving again applies it (re-apply) over the sales.
 */
export function withCurrentStock(draft: ProductDraft, current: ReadonlyMap<string, number | null>): ProductDraft {
  return {
    ...draft,
    variations: draft.variations.map((v) => {
      if (!v.id || !current.has(v.id)) return v;
      const now = current.get(v.id)!;
      const typed = v.stock.trim();
      const untouched = (typed ? Number(typed) : null) === v.stockSeen;
      return untouched ? { ...v, stock: stockText(now), stockSeen: now } : { ...v, stockSeen: now };
    }),
  };
}

/** Why a typed value cannot be sent, by the body's field path: 'price' (missing or negative), 'number'. */
export type DraftProblem = 'price' | 'number' | 'required' | 'video';

/** The video as the body sends it: none, or a complete value (a half-filled one is marked and left out). */
function videoOf(value: unknown, problems: Record<string, DraftProblem>): ProductBody['video'] {
  if (value === null || value === undefined) return null;
  const parsed = videoFieldValue.safeParse(value);
  if (parsed.success) return parsed.data;
  problems['video.video'] = 'video';
  return undefined;
}

function parseMeasure(text: string, path: string, problems: Record<string, DraftProblem>): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) {
    problems[path] = 'number';
    return null;
  }
  return value;
}

/** The API body of a draft, or the problems that keep it from being sent. */
export function bodyOf(draft: ProductDraft): { body: ProductBody; problems: Record<string, DraftProblem> } {
  const problems: Record<string, DraftProblem> = {};
  if (!draft.title.en.trim()) problems['title.en'] = 'required';
  const variations = draft.variations.map((v, i) => {
    const full = parseMoneyInput(v.price);
    // 0 is "price on request": shown so and never sold; a discount needs a price to be below
    if (full === null || full < 0) problems[`variations.${i}.fullPriceCents`] = 'price';
    const discount = v.discount.trim() ? parseMoneyInput(v.discount) : null;
    if (v.discount.trim() && (discount === null || discount <= 0 || full === 0)) problems[`variations.${i}.discountPriceCents`] = 'price';
    const typed = v.stock.trim();
    const stock = typed ? Number(typed) : null;
    if (stock !== null && (!Number.isInteger(stock) || stock < 0)) problems[`variations.${i}.stock`] = 'number';
    return {
      ...(v.id ? { id: v.id } : {}),
      // an existing variation's stock goes only as a change from the figure loaded: orders move it meanwhile
      ...(v.id === undefined ? { stock } : stock === v.stockSeen ? {} : { stock, stockSeen: v.stockSeen ?? null }),
      values: draft.options.map((o) => o.values.findIndex((value) => v.valueKeys.includes(value.key))),
      sku: v.sku.trim() || null,
      fullPriceCents: full === null ? 0 : amountToCents(full),
      discountPriceCents: discount === null ? null : amountToCents(discount),
      weight: parseMeasure(v.weight, `variations.${i}.weight`, problems),
      height: parseMeasure(v.height, `variations.${i}.height`, problems),
      width: parseMeasure(v.width, `variations.${i}.width`, problems),
      length: parseMeasure(v.length, `variations.${i}.length`, problems),
      imageId: v.imageId || null,
      isDefault: v.isDefault,
    };
  });
  const body: ProductBody = {
    title: draft.title,
    slug: draft.slug.trim(),
    description: draft.description,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
    enabled: draft.enabled,
    imageIds: draft.imageIds,
    catalogIds: draft.catalogIds,
    relatedProductIds: draft.related.map((r) => r.id),
    properties: draft.properties.map((p) => ({ title: p.title, value: p.value })),
    weight: parseMeasure(draft.weight, 'weight', problems) ?? 0,
    height: parseMeasure(draft.height, 'height', problems) ?? 0,
    width: parseMeasure(draft.width, 'width', problems) ?? 0,
    length: parseMeasure(draft.length, 'length', problems) ?? 0,
    taxClass: draft.taxClass,
    video: videoOf(draft.video, problems),
    options: draft.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      title: o.title,
      type: o.type,
      view: o.view,
      unit: o.unit.en || o.unit.ru ? o.unit : null,
      values: o.values.map((v) => ({
        ...(v.id ? { id: v.id } : {}),
        title: v.title,
        value: o.view === 'color' && v.value ? v.value : null,
      })),
    })),
    variations,
  };
  return { body, problems };
}

import type {
  catalogProducts,
  catalogs,
  LocalizedText,
  productOptions,
  productOptionValues,
  products,
  ProductProperty,
  sections,
  variationOptionValues,
  variations,
} from '../../db/schema';
import { productShot } from '../art/scenes';
import type { ImageSpec } from '../art/render';
import { catalogId, imageId, productId, seedId, variationId } from '../ids';
import { breadcrumbs, frame, headingH1, productGrid, sectionRows, textBlock, type SectionSeed } from '../sections';
import { richText, t } from '../text';
import { accessories } from './accessories';
import { CATALOGS, type CatalogSeed } from './catalogs';
import { clothing } from './clothing';
import { home } from './home';
import type { ProductSeed } from './product-seed';
import { shoes } from './shoes';
import { COLOURS, COUNTRIES, MATERIALS, type ColourKey, type OptionValueSeed } from './vocabulary';

export { CATALOGS } from './catalogs';
export const PRODUCTS: ProductSeed[] = [...clothing, ...shoes, ...home, ...accessories];

export type CatalogRows = {
  catalogs: (typeof catalogs.$inferInsert)[];
  catalogProducts: (typeof catalogProducts.$inferInsert)[];
  products: (typeof products.$inferInsert)[];
  productOptions: (typeof productOptions.$inferInsert)[];
  productOptionValues: (typeof productOptionValues.$inferInsert)[];
  variations: (typeof variations.$inferInsert)[];
  variationOptionValues: (typeof variationOptionValues.$inferInsert)[];
  sections: (typeof sections.$inferInsert)[];
};

export const productImageKey = (slug: string, colour: ColourKey) => `product-${slug}-${colour}`;

function findProduct(slug: string): ProductSeed {
  const product = PRODUCTS.find((p) => p.slug === slug);
  if (!product) throw new Error(`Demo data refers to an unknown product '${slug}'`);
  return product;
}

/** Image id of a product's first picture, for sections and covers that show a product. */
export const productCoverImageId = (slug: string) => imageId(productImageKey(slug, findProduct(slug).colours[0]));

const withColour = (title: LocalizedText, colour: ColourKey): LocalizedText => ({
  en: `${title.en}, ${COLOURS[colour].title.en.toLowerCase()}`,
  ru: `${title.ru}, ${COLOURS[colour].title.ru.toLowerCase()}`,
});

export function catalogImages(): ImageSpec[] {
  return PRODUCTS.flatMap((product) => {
    const backdrop = CATALOGS.find((c) => c.slug === product.catalogs[0])!.backdrop;
    return product.colours.map((colour) => {
      const label = product.colours.length > 1 ? withColour(product.title, colour) : product.title;
      return {
        key: productImageKey(product.slug, colour),
        format: 'webp' as const,
        svg: productShot(product.art, COLOURS[colour].hex, backdrop),
        alt: label,
        title: label,
      };
    });
  });
}

const join = (parts: LocalizedText[]): LocalizedText | null =>
  parts.length ? { en: parts.map((p) => p.en).join(' / '), ru: parts.map((p) => p.ru).join(' / ') } : null;

const skuCode = (key: string) => key.toUpperCase().replace(/[^A-Z0-9]+/g, 'X');

function productRows(seed: ProductSeed, rows: CatalogRows): void {
  const id = productId(seed.slug);
  const [length, width, height] = seed.size;
  const properties: ProductProperty[] = [
    { title: t('Material', 'Материал'), value: MATERIALS[seed.material] },
    { title: t('Country of origin', 'Страна производства'), value: COUNTRIES[seed.country] },
    ...(seed.care ? [{ title: t('Care', 'Уход'), value: seed.care }] : []),
  ];
  rows.products.push({
    id,
    slug: seed.slug,
    title: seed.title,
    description: richText(seed.description),
    imageIds: seed.colours.map((c) => imageId(productImageKey(seed.slug, c))),
    properties,
    relatedProductIds: (seed.related ?? []).map((slug) => productId(findProduct(slug).slug)),
    weight: seed.weight,
    length,
    width,
    height,
    sortTitle: seed.title.en.toLowerCase(),
  });

  const hasColourOption = seed.colours.length > 1;
  const colourValueId = (colour: ColourKey) => seedId('option-value', `${seed.slug}:colour:${colour}`);
  if (hasColourOption) {
    const optionId = seedId('option', `${seed.slug}:colour`);
    rows.productOptions.push({ id: optionId, productId: id, title: t('Colour', 'Цвет'), type: 'string', view: 'color', position: 0 });
    seed.colours.forEach((colour, position) =>
      rows.productOptionValues.push({
        id: colourValueId(colour),
        optionId,
        title: COLOURS[colour].title,
        value: COLOURS[colour].hex,
        position,
      }),
    );
  }
  const option = seed.option;
  const valueId = (value: OptionValueSeed) => seedId('option-value', `${seed.slug}:${option!.key}:${value.key}`);
  if (option) {
    const optionId = seedId('option', `${seed.slug}:${option.key}`);
    rows.productOptions.push({
      id: optionId,
      productId: id,
      title: option.title,
      type: 'string',
      view: 'select',
      unit: option.unit ?? null,
      position: 1,
    });
    option.values.forEach((value, position) =>
      rows.productOptionValues.push({ id: valueId(value), optionId, title: value.title, value: null, position }),
    );
  }

  const unit = option?.unit;
  const valueLabel = (value: OptionValueSeed): LocalizedText =>
    unit ? { en: `${value.title.en} ${unit.en}`, ru: `${value.title.ru} ${unit.ru}` } : value.title;
  const combinations = seed.colours.flatMap((colour) => (option?.values ?? [null]).map((value) => ({ colour, value })));
  const stockAt = (index: number) => (seed.stocks ? seed.stocks[index % seed.stocks.length]! : null);
  const defaultIndex = Math.max(
    0,
    combinations.findIndex((_, i) => stockAt(i) !== 0),
  );
  combinations.forEach(({ colour, value }, position) => {
    const rowId = variationId(seed.slug, colour, value?.key);
    const surcharge = value?.surcharge ?? 0;
    rows.variations.push({
      id: rowId,
      productId: id,
      title: join([...(hasColourOption ? [COLOURS[colour].title] : []), ...(value ? [valueLabel(value)] : [])]),
      sku: [seed.sku, ...(hasColourOption ? [skuCode(colour).slice(0, 3)] : []), ...(value ? [skuCode(value.key)] : [])].join('-'),
      isDefault: position === defaultIndex,
      imageId: hasColourOption ? imageId(productImageKey(seed.slug, colour)) : null,
      fullPriceCents: seed.price === 0 ? 0 : seed.price + surcharge,
      discountPriceCents: seed.salePrice === undefined ? null : seed.salePrice + surcharge,
      stock: stockAt(position),
      position,
    });
    if (hasColourOption) rows.variationOptionValues.push({ variationId: rowId, optionValueId: colourValueId(colour) });
    if (value) rows.variationOptionValues.push({ variationId: rowId, optionValueId: valueId(value) });
  });
}

function catalogSections(catalog: CatalogSeed): SectionSeed[] {
  return [
    breadcrumbs({ title: catalog.title, uri: `catalogs/${catalog.slug}` }),
    headingH1(catalog.title),
    {
      type: 'SectionProductList',
      options: {
        section: frame(),
        limit: { isCustom: false, count: 12 },
        template: productGrid(),
      },
    },
    textBlock(catalog.description, undefined, 'light'),
  ];
}

export function catalogRows(): CatalogRows {
  const rows: CatalogRows = {
    catalogs: [],
    catalogProducts: [],
    products: [],
    productOptions: [],
    productOptionValues: [],
    variations: [],
    variationOptionValues: [],
    sections: [],
  };
  CATALOGS.forEach((catalog, position) => {
    const id = catalogId(catalog.slug);
    rows.catalogs.push({
      id,
      slug: catalog.slug,
      title: catalog.title,
      description: richText(catalog.description),
      metaTitle: { en: `${catalog.title.en} | Northfold`, ru: `${catalog.title.ru} | Нортфолд` },
      metaDescription: catalog.metaDescription,
      imageId: productCoverImageId(catalog.coverProduct),
      sortCriteria: catalog.sortCriteria,
      position,
    });
    rows.sections.push(...sectionRows('catalog', id, catalogSections(catalog)));
    PRODUCTS.filter((p) => (p.catalogs as string[]).includes(catalog.slug)).forEach((product, index) =>
      rows.catalogProducts.push({ catalogId: id, productId: productId(product.slug), position: index }),
    );
  });
  for (const product of PRODUCTS) productRows(product, rows);
  return rows;
}

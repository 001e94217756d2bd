import type { z } from 'zod';
import type { ProductDto, SectionDto, ShopConfigDto } from '../lib/api-client';
import type { Currency, PriceSeparator } from '../lib/format-price';
import type { Language } from '../lib/localize';
import type { Crumb } from '../lib/seo';
import type { SectionDataSpec } from './data-needs';
import type { EditorField, SectionPreset } from './editor';
import type { ImageMap } from './images';

/** What the page a section list belongs to tells its sections. */
export type PageInfo = {
  /** the page's main heading, shown by a SectionHeadingH1 without a title of its own */
  title?: string;
  /** the trail after Home, shown by a SectionBreadcrumbs without items of its own */
  breadcrumbs?: Crumb[];
  /** the article's rich text, for a table of contents */
  richText?: string;
  /** the products of a catalog's product list section */
  listing?: ProductDto[];
};

/** Everything a section needs to render besides its own options. */
export type SectionContext = {
  settings: ShopConfigDto | null;
  /** PUBLIC_URL: every absolute address a section writes starts with it, never with the request's host */
  siteUrl: string;
  lang: Language;
  currency: Currency;
  priceSeparator: PriceSeparator;
  /** the images the page's sections refer to, by id */
  images: ImageMap;
  page: PageInfo;
};

/** A section item with its parsed options. */
export type SectionItem<I> = { id: string; options: I };

/** What the section list gives every section component. */
export type SectionProps<O = unknown, I = unknown> = {
  section: SectionDto;
  /** the parsed options (the type's schema) */
  options: O;
  /** the items with parsed options (the type's item schema); items that are not objects are dropped */
  items: SectionItem<I>[];
  /** position on the page, from 0 */
  index: number;
  /** one of the first three sections: its images load eagerly */
  critical: boolean;
  /** it shows the page's first image, which is fetched with high priority */
  leadImage: boolean;
  context: SectionContext;
};

/**
 * A section type's definition, the default export of `src/sections/Section{Type}.schema.ts`; with the
 * component `Section{Type}.astro` it is all a section type is (see ARCHITECTURE.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry of every type's definition holds them unparameterised
export type SectionDefinition<O = any, I = any> = {
  /** the options schema: lenient, a stored value that does not fit becomes its default */
  schema: z.ZodType<O>;
  /** the schema of each item's options; items that do not fit are dropped */
  item?: z.ZodType<I>;
  /** false when the section would show nothing: it is then left out of the page */
  hasContent: (props: Pick<SectionProps<O, I>, 'section' | 'options' | 'items' | 'context'>) => boolean;
  /** the builder's inputs of the type's own options (every type also has the frame fields of editor.ts) */
  fields: EditorField[];
  /** the builder's inputs of an item, for types with items */
  itemFields?: EditorField[];
  /** complete options and items a new section of this type starts from; at least one */
  presets: SectionPreset[];
  /** what the server loads for the section (products, articles…), for widget types */
  data?: SectionDataSpec;
};

type DefinitionInput<S extends z.ZodType, T extends z.ZodType> = Omit<SectionDefinition<z.output<S>, z.output<T>>, 'schema' | 'item'> & {
  schema: S;
  item?: T;
};

/** Declares a section type: schemas, content rule, editor fields, presets and data need, with the types inferred. */
export function defineSection<S extends z.ZodType, T extends z.ZodType = z.ZodType<Record<string, unknown>>>(
  definition: DefinitionInput<S, T>,
): SectionDefinition<z.output<S>, z.output<T>> {
  return definition as SectionDefinition<z.output<S>, z.output<T>>;
}

/** The props of the component of a section type defined by `definition`. */
export type PropsOf<D> = D extends SectionDefinition<infer O, infer I> ? SectionProps<O, I> : never;

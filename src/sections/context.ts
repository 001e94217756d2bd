import type { z } from 'zod';
import type { ProductDto, SectionDto, ShopConfigDto } from '../lib/api-client';
import type { Currency, PriceSeparator } from '../lib/format-price';
import type { Language } from '../lib/localize';
import type { Crumb } from '../server/seo';
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

/** What a section's schema module exports (`src/sections/Section{Type}.schema.ts`, default export). */
export type SectionDefinition<O = any, I = any> = {
  schema: z.ZodType<O>;
  item?: z.ZodType<I>;
  /** false when the section would show nothing: it is then left out of the page */
  hasContent: (props: Pick<SectionProps<O, I>, 'section' | 'options' | 'items' | 'context'>) => boolean;
};

/** Declares a section type's options schema, item schema and content rule, with the types inferred. */
export function defineSection<S extends z.ZodType, T extends z.ZodType = z.ZodType<Record<string, unknown>>>(definition: {
  schema: S;
  item?: T;
  hasContent: SectionDefinition<z.output<S>, z.output<T>>['hasContent'];
}): SectionDefinition<z.output<S>, z.output<T>> {
  return definition as SectionDefinition<z.output<S>, z.output<T>>;
}

/** The props of the component of a section type defined by `definition`. */
export type PropsOf<D> = D extends SectionDefinition<infer O, infer I> ? SectionProps<O, I> : never;

import { localize, type Language } from '../../../lib/localize';
import { fillMetaTemplate, type MetaTemplateKind, type ShopSettings } from '../../../lib/settings';
import type { LocalizedText } from '../../db/schema';

export type Headings = { h1: string; metaTitle: string; metaDescription: string };

/**
 * Main heading, meta title and meta description of a page, category or article (spec 2.3): the
 * owner's own meta texts when set, else the shop's meta template for the kind, with `{name}` filled.
 */
export function headingsFor(
  settings: ShopSettings,
  kind: MetaTemplateKind,
  lang: Language,
  name: string,
  own: { metaTitle: LocalizedText | null; metaDescription: LocalizedText | null },
): Headings {
  const template = localize(settings.seo.metaTemplates[kind], lang);
  return {
    h1: fillMetaTemplate(template.h1, name) || name,
    metaTitle: localize(own.metaTitle, lang) || fillMetaTemplate(template.title, name) || name,
    metaDescription: localize(own.metaDescription, lang) || fillMetaTemplate(template.description, name),
  };
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BuilderCreatePageBody, BuilderSection, BuilderSectionsContent } from '../../../../contract/admin/builder';
import { newCatalogTemplate } from '../../../../lib/new-page-templates';
import type { Language } from '../../../../lib/localize';
import type { Executor } from '../../../db/client';
import { catalogs, pages } from '../../../db/schema';
import { fieldError } from '../../core/errors';
import { adminMessage } from '../messages';

/** Top-level paths of the storefront's own screens: a text page cannot take them. */
export const RESERVED_PAGE_SLUGS = new Set([
  'account',
  'admin',
  'api',
  'cart',
  'catalogs',
  'checkout',
  'home',
  'liveness',
  'new-page',
  'payment',
  'products',
  'reset_password_confirm',
  'search',
  'tags',
  '404',
  '_preview',
]);

const section = (type: string, options: Record<string, unknown>): BuilderSection => ({
  id: randomUUID(),
  type,
  enable: true,
  hidden: false,
  options,
  items: [],
  styles: {},
});

/**
 * The sections a new page or catalog starts from (spec 4): a catalog's product list (12 products; 3, 2 and 1
 * a row on desktop, tablet and mobile) as the storefront's new-catalog template has it, and a page's main
 * heading with the page's title.
 */
export function templateSections(body: BuilderCreatePageBody): BuilderSection[] {
  if (body.template === 'catalog') {
    const [list] = newCatalogTemplate('').sections;
    return [section(list!.type, list!.options)];
  }
  return [section('SectionHeadingH1', { heading: { title: { ...body.title } } })];
}

/**
 * Creates the page or catalog switched off (visitors do not see it) and answers the target and the draft
 * content to start from: the template with the page switched on, so the first publish shows it.
 */
export async function createTemplatePage(
  tx: Executor,
  body: BuilderCreatePageBody,
  lang: Language,
  now: Date,
): Promise<{ target: string; content: BuilderSectionsContent }> {
  const id = randomUUID();
  const title = { en: body.title.en, ru: body.title.ru };
  const taken = () => fieldError('slug', adminMessage('builder.slugTaken', lang), 409);
  if (body.template === 'page') {
    if (RESERVED_PAGE_SLUGS.has(body.slug)) throw fieldError('slug', adminMessage('builder.slugReserved', lang));
    const [clash] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.slug, body.slug)).limit(1);
    if (clash) throw taken();
    await tx
      .insert(pages)
      .values({ id, slug: body.slug, type: 'page', title, enabled: false, publishedAt: now, createdAt: now, updatedAt: now });
  } else {
    const [clash] = await tx.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, body.slug)).limit(1);
    if (clash) throw taken();
    await tx.insert(catalogs).values({ id, slug: body.slug, title, enabled: false, createdAt: now, updatedAt: now });
  }
  return {
    target: `${body.template}:${id}`,
    content: { page: { title, slug: body.slug, metaTitle: null, metaDescription: null, enabled: true }, sections: templateSections(body) },
  };
}

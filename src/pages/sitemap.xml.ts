import type { APIRoute } from 'astro';
import type { ApiClient, MenuItemDto } from '../lib/api-client';
import { getRuntime } from '../server/runtime';
import { shopLanguageOf, sitemapXml, type SitemapEntry } from '../lib/seo';
import { getServerApiClient } from '../storefront/storefront-api';

export const prerender = false;

/** Products and articles are read in pages of this size. */
const BATCH = 100;
/** The sitemap protocol's limit of addresses in one file. */
const MAX_ENTRIES = 50_000;

/** Slugs of the shop's menu links of one kind (page, category, article, catalog, product), depth first. */
function menuSlugs(menus: Record<string, MenuItemDto[]>, type: string): string[] {
  const walk = (items: MenuItemDto[]): string[] =>
    items.flatMap((item) => [...(item.type === type ? [item.url.replace(/^\/(catalogs\/|products\/)?/, '')] : []), ...walk(item.children)]);
  return [...new Set(Object.values(menus).flatMap(walk))].filter(Boolean);
}

/** Reads `fetchPage(offset)` until a short page, within the sitemap's limit. */
async function readAll<T>(fetchPage: (offset: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; offset < MAX_ENTRIES; offset += BATCH) {
    const page = await fetchPage(offset);
    all.push(...page);
    if (page.length < BATCH) break;
  }
  return all;
}

/**
 * Every indexable address, found through the storefront API: the homepage; the text pages, catalogs
 * and products the menus link to; every category with all its articles; every product of every
 * catalog found. Pages and catalogs flagged noindex are left out.
 */
async function sitemapEntries(api: ApiClient): Promise<SitemapEntry[]> {
  const [{ data: home }, { data: menus }, { data: grouped }] = await Promise.all([
    api.getHomepage(),
    api.getMenus(),
    api.getGroupedArticles({ limit: 1 }),
  ]);
  const entries: SitemapEntry[] = [];
  if (home && !home.noindex) entries.push({ path: '/', lastModified: home.updatedAt });

  const pageSlugs = menuSlugs(menus, 'page');
  const pages = await Promise.all(pageSlugs.map((slug) => api.getPage(slug)));
  for (const { data: page } of pages) {
    if (page && !page.noindex && page.type !== 'homepage') entries.push({ path: `/${page.slug}`, lastModified: page.updatedAt });
  }

  for (const { category } of grouped) {
    const { data: categoryPage } = await api.getPage(category.slug);
    if (categoryPage && !categoryPage.noindex) entries.push({ path: `/${category.slug}`, lastModified: categoryPage.updatedAt });
    const articles = await readAll(async (offset) => (await api.getArticles(category.slug, { offset, limit: BATCH })).data.items);
    entries.push(...articles.map((article) => ({ path: article.url, lastModified: article.updatedAt })));
  }

  const productSlugs = new Set(menuSlugs(menus, 'product'));
  for (const slug of menuSlugs(menus, 'catalog')) {
    const { data: catalog } = await api.getCatalogV3(slug);
    if (!catalog) continue;
    if (!catalog.noindex) entries.push({ path: `/catalogs/${catalog.slug}` });
    const products = await readAll(async (offset) => (await api.getCatalogProducts(catalog.id, offset, BATCH)).data);
    products.forEach((product) => productSlugs.add(product.slug));
  }
  entries.push(...[...productSlugs].map((slug) => ({ path: `/products/${slug}` })));
  return entries.slice(0, MAX_ENTRIES);
}

/** /sitemap.xml, generated from the shop's data on every request: every address in each language. */
export const GET: APIRoute = async () => {
  const [api, { deps }] = await Promise.all([getServerApiClient(), getRuntime()]);
  const [entries, { data: settings }] = await Promise.all([sitemapEntries(api), api.getConfig()]);
  return new Response(sitemapXml(deps.config.publicUrl, entries, shopLanguageOf(settings)), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};

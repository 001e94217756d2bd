import { asc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { localize, type Language } from '../../../lib/localize';
import type { Executor } from '../../db/client';
import { menuItems, menus } from '../../db/schema';
import type { AppEnv } from '../core/context';
import { notFound } from '../core/errors';
import { readParams, readQuery } from '../core/validate';
import { menuBatchQuery, slugParams, type MenuItemDto, type MenusDto } from '../../../contract/storefront/content';

const PATH_PREFIX: Record<string, string> = {
  page: '/',
  category: '/',
  article: '/',
  catalog: '/catalogs/',
  product: '/products/',
};

/** Storefront path of a menu link (spec 2.9 button links); external and unknown links are used as they are. */
export function menuLinkUrl(link: unknown): { type: string; url: string } {
  if (typeof link === 'string') return { type: 'external', url: link };
  if (!link || typeof link !== 'object') return { type: 'external', url: '' };
  const { type, url } = link as { type?: unknown; url?: unknown };
  const kind = typeof type === 'string' ? type : 'external';
  const target = typeof url === 'string' ? url.trim() : '';
  const prefix = PATH_PREFIX[kind];
  return { type: kind, url: prefix === undefined ? target : prefix + target.replace(/^\/+/, '') };
}

/** Items of the named menus as trees, in one query each for menus and items. Unknown names are absent. */
async function loadMenus(db: Executor, names: string[], lang: Language): Promise<Map<string, MenuItemDto[]>> {
  if (names.length === 0) return new Map();
  const menuRows = await db.select().from(menus).where(inArray(menus.name, names));
  if (menuRows.length === 0) return new Map();
  const itemRows = await db
    .select()
    .from(menuItems)
    .where(inArray(menuItems.menuId, menuRows.map((m) => m.id)))
    .orderBy(asc(menuItems.position), asc(menuItems.id));

  // Trees are built down from the roots, so items whose parent is gone (or in another menu) are left out.
  const childrenOf = new Map<string, typeof itemRows>();
  for (const item of itemRows) {
    const parentKey = `${item.menuId}/${item.parentId ?? ''}`;
    const siblings = childrenOf.get(parentKey) ?? [];
    siblings.push(item);
    childrenOf.set(parentKey, siblings);
  }
  const build = (menuId: string, parentId: string): MenuItemDto[] =>
    (childrenOf.get(`${menuId}/${parentId}`) ?? []).map((item) => ({
      id: item.id,
      title: localize(item.title, lang),
      ...menuLinkUrl(item.link),
      children: build(menuId, item.id),
    }));
  return new Map(menuRows.map((menu) => [menu.name, build(menu.id, '')]));
}

export const menuRoutes = new Hono<AppEnv>()
  .get('/menus/batch', async (c) => {
    const { db, logger } = c.get('deps');
    const names = [...new Set(readQuery(c, menuBatchQuery).names)];
    const found = await loadMenus(db, names, c.get('lang'));
    const result: MenusDto = {};
    for (const name of names) {
      const items = found.get(name);
      if (items) result[name] = items;
      else logger.warn({ menu: name }, 'unknown menu requested');
    }
    return c.json(result);
  })
  .get('/menus/:slug/entries', async (c) => {
    const { slug } = readParams(c, slugParams);
    const items = (await loadMenus(c.get('deps').db, [slug], c.get('lang'))).get(slug);
    if (!items) throw notFound('Menu not found');
    return c.json(items);
  });

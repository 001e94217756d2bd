import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { localize, type Language } from '../../../lib/localize';
import type { Database } from '../../db/client';
import { cacheTags } from '../../cache/invalidation';
import { keptUntilInvalidated } from '../../cache/per-instance';
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

/**
 * Every menu and menu item, read in one query once per instance and kept until a write names `menus`
 * (only the back office's menu form writes them): the header and footer of a page cost no query.
 */
const storedMenus = keptUntilInvalidated([cacheTags.menus], async (db: Database) => {
  type Stored = {
    menus: Pick<typeof menus.$inferSelect, 'id' | 'name'>[] | null;
    items: Omit<typeof menuItems.$inferSelect, 'position'>[] | null;
  };
  const result = (await db.execute(sql`select
    (select json_agg(json_build_object('id', m.id, 'name', m.name)) from ${menus} m) as menus,
    (select json_agg(json_build_object('id', i.id, 'menuId', i.menu_id, 'parentId', i.parent_id, 'title', i.title, 'link', i.link)
      order by i.position, i.id) from ${menuItems} i) as items`)) as unknown as { rows: Stored[] };
  const row = result.rows[0];
  return { menuRows: row?.menus ?? [], itemRows: row?.items ?? [] };
});

/** Items of the named menus as trees. Unknown names are absent. */
async function loadMenus(db: Database, names: string[], lang: Language): Promise<Map<string, MenuItemDto[]>> {
  if (names.length === 0) return new Map();
  const stored = await storedMenus(db);
  const wanted = new Set(names);
  const menuRows = stored.menuRows.filter((menu) => wanted.has(menu.name));
  if (menuRows.length === 0) return new Map();
  const menuIds = new Set(menuRows.map((m) => m.id));
  const itemRows = stored.itemRows.filter((item) => menuIds.has(item.menuId));

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
    const { db, logger } = c.var.deps;
    const names = [...new Set(readQuery(c, menuBatchQuery).names)];
    const found = await loadMenus(db, names, c.var.lang);
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
    const items = (await loadMenus(c.var.deps.db, [slug], c.var.lang)).get(slug);
    if (!items) throw notFound('Menu not found');
    return c.json(items);
  });

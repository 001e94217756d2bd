import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CONTENT_MENU_NAMES,
  MENU_MAX_DEPTH,
  MENU_MAX_ITEMS,
  menuNameSchema,
  menuUpdateSchema,
  type MenuDetail,
  type MenuItemNode,
  type MenuLinkValue,
} from '../../../../contract/admin';
import type { Language } from '../../../../lib/localize';
import { cacheTags, invalidate } from '../../../cache/invalidation';
import type { Executor } from '../../../db/client';
import { menuItems, menus } from '../../../db/schema';
import { ApiError } from '../../core/errors';
import { readBody, readParams } from '../../core/validate';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { versionConflict } from '../versioned';
import { bothLanguages, contentMessage } from './content-common';
import type { MenuList } from '../../../../contract/admin';

/*
 * A menu is edited as one document: its items, their nesting and order are replaced together, under the menu's
 * version. Menus show on every page, so a write drops the `menus` tag.
 */

const nameParams = z.object({ name: menuNameSchema });

async function loadMenu(db: Executor, name: MenuDetail['name']): Promise<MenuDetail> {
  const [menu] = await db.select().from(menus).where(eq(menus.name, name));
  if (!menu) return { name, items: [], version: 0 };
  const rows = await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id)).orderBy(asc(menuItems.position), asc(menuItems.id));
  const childrenOf = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = row.parentId ?? '';
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), row]);
  }
  const build = (parentId: string): MenuItemNode[] =>
    (childrenOf.get(parentId) ?? []).map((row) => ({
      id: row.id,
      title: bothLanguages(row.title),
      link: row.link as MenuLinkValue,
      children: build(row.id),
    }));
  return { name, items: build(''), version: menu.version };
}

/** Refuses trees deeper than the storefront shows or longer than a menu holds, naming the offending item. */
function checkShape(items: MenuItemNode[], lang: Language): void {
  let total = 0;
  const walk = (level: MenuItemNode[], depth: number, path: string) => {
    level.forEach((item, index) => {
      total += 1;
      const at = `${path}.${index}`;
      if (depth > MENU_MAX_DEPTH) {
        const message = contentMessage('menuTooDeep', lang, { depth: MENU_MAX_DEPTH });
        throw new ApiError(400, message, { errorPath: at, fieldErrors: { [at]: [message] } });
      }
      walk(item.children, depth + 1, `${at}.children`);
    });
  };
  walk(items, 1, 'items');
  if (total > MENU_MAX_ITEMS) {
    const message = contentMessage('menuTooLong', lang, { count: MENU_MAX_ITEMS });
    throw new ApiError(400, message, { errorPath: 'items', fieldErrors: { items: [message] } });
  }
}

/** Rows of a tree, ids kept when they were this menu's and are not repeated, new ones otherwise. */
function rowsOf(menuId: string, items: MenuItemNode[], keep: Set<string>) {
  const used = new Set<string>();
  const rows: (typeof menuItems.$inferInsert)[] = [];
  const walk = (level: MenuItemNode[], parentId: string | null) => {
    level.forEach((item, position) => {
      const id = item.id && keep.has(item.id) && !used.has(item.id) ? item.id : randomUUID();
      used.add(id);
      rows.push({ id, menuId, parentId, title: item.title, link: item.link, position });
      walk(item.children, id);
    });
  };
  walk(items, null);
  return rows;
}

export const menuRoutes = new Hono<AdminEnv>()
  .get('/menus', async (c) => {
    const db = c.var.deps.db;
    const all = await Promise.all(CONTENT_MENU_NAMES.map((name) => loadMenu(db, name)));
    const count = (items: MenuItemNode[]): number => items.reduce((n, item) => n + 1 + count(item.children), 0);
    return c.json(all.map((menu) => ({ name: menu.name, itemCount: count(menu.items), version: menu.version })) satisfies MenuList);
  })
  .get('/menus/:name', async (c) => {
    const { name } = readParams(c, nameParams);
    return c.json(await loadMenu(c.var.deps.db, name));
  })
  .put('/menus/:name', async (c) => {
    const { name } = readParams(c, nameParams);
    const { deps, lang, staff } = c.var;
    const input = await readBody(c, menuUpdateSchema);
    checkShape(input.items, lang);
    await deps.db.transaction(async (tx) => {
      const [menu] = await tx.select().from(menus).where(eq(menus.name, name)).for('update');
      if ((menu?.version ?? 0) !== input.version) throw versionConflict(lang);
      const before = await loadMenu(tx, name);
      let menuId: string;
      if (menu) {
        const [updated] = await tx
          .update(menus)
          .set({ version: sql`${menus.version} + 1` })
          .where(and(eq(menus.id, menu.id), eq(menus.version, input.version)))
          .returning();
        if (!updated) throw versionConflict(lang);
        menuId = menu.id;
      } else {
        menuId = randomUUID();
        // a concurrent first save of the same menu meets the unique name and fails the whole transaction
        await tx.insert(menus).values({ id: menuId, name, title: { en: name, ru: name } });
      }
      const keep = new Set((await tx.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.menuId, menuId))).map((r) => r.id));
      await tx.delete(menuItems).where(eq(menuItems.menuId, menuId));
      const rows = rowsOf(menuId, input.items, keep);
      if (rows.length > 0) await tx.insert(menuItems).values(rows);
      const after = await loadMenu(tx, name);
      await recordAudit(tx, staff, { action: 'menu.update', entityType: 'menu', entityId: name, before, after }, deps.now());
    });
    await invalidate([cacheTags.menus]);
    return c.json(await loadMenu(deps.db, name));
  });

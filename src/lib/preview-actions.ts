import { z } from 'zod';
import { isRecord } from './is-record';

/**
 * The admin live-preview channel (spec 1, 2.4, 4): the shop builder frames the storefront and pushes
 * actions; the page applies them without saving anything. This module is the pure part: the message
 * shape, a reducer of the actions over the page state and the admin route names (spec 2.1).
 */

export const ADMIN_AUTHOR = 'shop-builder';
/** The document CustomEvent the builder may dispatch instead of posting a window message. */
export const ADMIN_EVENT = 'shop-builder';

/** What the builder sends, as a window message's data or a CustomEvent's detail. */
export type AdminMessage = { author: typeof ADMIN_AUTHOR; action: string; payload?: unknown };

export function isAdminMessage(data: unknown): data is AdminMessage {
  return isRecord(data) && data['author'] === ADMIN_AUTHOR && typeof data['action'] === 'string';
}

// ---------------------------------------------------------------- state

export type PreviewItem = { id: string; options: Record<string, unknown>; [field: string]: unknown };

export type PreviewSection = {
  id: string;
  type: string;
  options: Record<string, unknown>;
  items: PreviewItem[];
  enable: boolean;
  hidden: boolean;
  /**
   * true for a section of the server-rendered page the builder has not sent whole yet: the channel knows its
   * id and type only, so its options are changes to the stored section's options and the render endpoint
   * merges them over the stored section (issue 14: a heading change must not empty a FAQ's questions)
   */
  partial?: boolean;
  /** with `partial`: the items were sent (they replace the stored ones) */
  itemsKnown?: boolean;
  /** other fields of the section (styles, group, required…) are kept as sent */
  [field: string]: unknown;
};

export type PreviewPageState = {
  /** setting changes, merged over the stored settings by the server */
  settings: Record<string, unknown>;
  /** menus replaced by the builder, by name; the others stay as stored */
  menus: Record<string, unknown[]>;
  /** the page's own options: title, h1, metaTitle, metaDescription… */
  pageOptions: Record<string, unknown>;
  sections: PreviewSection[];
};

export const emptyPageState = (sections: PreviewSection[] = []): PreviewPageState => ({
  settings: {},
  menus: {},
  pageOptions: {},
  sections,
});

/** A section is shown unless it is switched off (enable false) or hidden (spec 2.9). */
export const isSectionVisible = (section: Pick<PreviewSection, 'enable' | 'hidden'>) => section.enable && !section.hidden;

// ---------------------------------------------------------------- merging

/** `patch` over `base`: objects are merged key by key, anything else (arrays included) replaces. */
export function mergeDeep<T extends Record<string, unknown>>(base: T, patch: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const current = merged[key];
    merged[key] = isRecord(current) && isRecord(value) ? mergeDeep(current, value) : value;
  }
  return merged as T;
}

// ---------------------------------------------------------------- payloads

/** Ids end up in element ids (`section-{id}`) and requests: letters, digits, '-' and '_' only. */
const id = z.string().regex(/^[\w-]{1,100}$/, 'An id is 1 to 100 letters, digits, "-" or "_".');
const record = z.record(z.string(), z.unknown());
const position = z.number().int().min(0);

const itemSchema = z.looseObject({ id, options: record.default({}) });
/** Items per section, as many as a long gallery or FAQ needs. */
const MAX_ITEMS = 200;
const sectionSchema = z.looseObject({
  id,
  type: z.string().min(1).max(100),
  options: record.default({}),
  items: z.array(z.unknown()).max(MAX_ITEMS).default([]),
  enable: z.boolean().default(true),
  hidden: z.boolean().default(false),
});
/** A change of a section: its id and the fields that change. */
const sectionChangeSchema = z.looseObject({
  id,
  type: z.string().min(1).max(100).optional(),
  options: record.optional(),
  items: z.array(z.unknown()).max(MAX_ITEMS).optional(),
  enable: z.boolean().optional(),
  hidden: z.boolean().optional(),
});

/** Items that are not objects with an id are dropped, like the page renderer drops them. */
function toItems(items: unknown[]): PreviewItem[] {
  return items.flatMap((item) => {
    const result = itemSchema.safeParse(item);
    return result.success ? [result.data as PreviewItem] : [];
  });
}

/** A whole section as the builder sends it, with defaults filled in (also what the render endpoint takes). */
export const previewSectionSchema = sectionSchema.transform((section) => ({ ...section, items: toItems(section.items) }) as PreviewSection);
const sectionsPayload = z.array(previewSectionSchema).max(200);
const menusPayload = z.record(z.string().max(50), z.array(z.unknown()).max(500));
const routePayload = z.object({
  name: z.string().max(100).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  query: z.record(z.string(), z.string()).optional(),
  /** a storefront path or a full address; an address of another site is a full redirect */
  path: z.string().max(2000).optional(),
  url: z.string().max(2000).optional(),
});

/** `{ [key]: value }` as its value: the builder may wrap a section or the section list. */
const unwrap = (value: unknown, key: string) => (isRecord(value) && key in value ? value[key] : value);

/** The payload schema of every action. */
const payloads = {
  updateStore: z.object({
    settings: record.optional(),
    menus: menusPayload.optional(),
    pageOptions: record.optional(),
    sections: sectionsPayload.optional(),
  }),
  updateSettings: record,
  updateMenus: menusPayload,
  updatePageOptions: record,
  setSections: z.preprocess((value) => unwrap(value, 'sections'), sectionsPayload),
  updateSection: z.preprocess((value) => unwrap(value, 'section'), sectionChangeSchema),
  addSection: z.object({ section: previewSectionSchema, index: position.optional() }),
  removeSection: z.object({ id }),
  reorderSection: z.object({ from: position, to: position }),
  addSectionItem: z.object({ sectionId: id, item: itemSchema, index: position.optional() }),
  removeSectionItem: z.object({ sectionId: id, itemId: id }),
  updateSectionItem: z.object({ sectionId: id, item: z.looseObject({ id, options: record.optional() }) }),
  focusSection: z.object({ id, enable: z.boolean().optional() }),
  changeRoute: routePayload,
};

export type AdminActionName = keyof typeof payloads;
export const ADMIN_ACTIONS = Object.keys(payloads) as AdminActionName[];
type Payload<A extends AdminActionName> = z.output<(typeof payloads)[A]>;

// ---------------------------------------------------------------- partial updates

/** A section the page was rendered with, as far as its markup tells: id and type, the rest stored on the server. */
export const pageSection = (id: string, type: string): PreviewSection => ({
  id,
  type,
  options: {},
  items: [],
  enable: true,
  hidden: false,
  partial: true,
});

/**
 * The rule of a partial section update: the change's options are merged key by key over the section's current
 * options (a heading change keeps the questions), items replace the section's when sent, other fields as sent.
 */
export function mergeSectionChange(
  section: PreviewSection,
  change: { id: string; items?: unknown[] | undefined; [field: string]: unknown },
): PreviewSection {
  const merged = mergeDeep(section, change);
  if (change.items === undefined) return merged;
  return { ...merged, items: toItems(change.items), ...(section.partial ? { itemsKnown: true } : {}) };
}

/** A section as stored (options and items in both languages), the base of a partial section. */
export type StoredPreviewSection = Pick<PreviewSection, 'id' | 'type' | 'options' | 'items'> & { [field: string]: unknown };

/**
 * The section to render: a partial one (see `PreviewSection.partial`) completed from the stored section, its
 * changed options merged over the stored options and its items the stored ones unless sent; a whole one as is.
 */
export function overStoredSection(section: PreviewSection, stored: StoredPreviewSection | undefined): PreviewSection {
  if (section.partial !== true) return section;
  const { partial: _partial, itemsKnown, ...rest } = section;
  if (!stored) return rest;
  return {
    ...stored,
    ...rest,
    type: stored.type,
    options: mergeDeep(stored.options, rest.options),
    items: itemsKnown ? rest.items : stored.items,
  } as PreviewSection;
}

// ---------------------------------------------------------------- routes

export type RoutePayload = Payload<'changeRoute'>;
export type Navigation = { url: string; external: boolean };

const segment = (value: string | number | undefined) => (value === undefined || value === '' ? '' : encodeURIComponent(String(value)));
const withSlug = (base: string, slug: string | number | undefined) => (segment(slug) ? `${base}/${segment(slug)}` : base);

/**
 * Storefront paths of the admin route names (spec 2.1), with the builder's own (Nuxt) names as
 * aliases. A name that needs a slug and has none, or an unknown name, leads to the 404 page.
 */
const ROUTES: Record<string, (params: Record<string, string | number>) => string> = {
  homepage: () => '/',
  index: () => '/',
  cart: () => '/cart',
  checkout: () => '/checkout',
  payment: () => '/payment',
  reset_password_confirm: (p) => withSlug('/reset_password_confirm', p['slug'] ?? p['token']),
  'reset_password_confirm-slug': (p) => withSlug('/reset_password_confirm', p['slug'] ?? p['token']),
  slug: (p) => withSlug('', p['slug']) || NOT_FOUND_PATH,
  page: (p) => withSlug('', p['slug']) || NOT_FOUND_PATH,
  'new-page': () => '/new-page',
  product: (p) => withSlug('/products', p['slug']),
  'products-slug': (p) => withSlug('/products', p['slug']),
  catalog: (p) => withSlug('/catalogs', p['slug']),
  'catalogs-slug': (p) => withSlug('/catalogs', p['slug']),
  'catalogs-new-page': () => '/catalogs/new-page',
  'category-slug': (p) => (segment(p['category']) ? withSlug(`/${segment(p['category'])}`, p['slug']) : NOT_FOUND_PATH),
};
export const NOT_FOUND_PATH = '/404';

/**
 * Where a change-route action leads, seen from `origin` (the storefront's): a named route's path with
 * its query, or the given address. Only http(s) addresses are followed; anything else is the 404 page.
 */
export function routeTarget(route: RoutePayload, origin: string): Navigation {
  const address = route.url ?? route.path;
  if (address !== undefined) {
    let url: URL;
    try {
      url = new URL(address, origin);
    } catch {
      return { url: NOT_FOUND_PATH, external: false };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { url: NOT_FOUND_PATH, external: false };
    if (url.origin !== origin) return { url: url.href, external: true };
    return { url: `${url.pathname}${url.search}${url.hash}`, external: false };
  }
  const toPath = route.name === undefined ? undefined : ROUTES[route.name];
  const path = toPath ? toPath(route.params ?? {}) : NOT_FOUND_PATH;
  const query = new URLSearchParams(route.query ?? {}).toString();
  return { url: query ? `${path}?${query}` : path, external: false };
}

// ---------------------------------------------------------------- reducer

export type AdminActionResult =
  | {
      ok: true;
      state: PreviewPageState;
      /** the section to scroll to and highlight once the page shows the new state */
      focus?: string;
      /** where to go: the page is left */
      navigate?: RoutePayload;
    }
  | { ok: false; error: string };

/** Moves the entry at `from` to `to` (both clamped to the list). */
function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (list.length === 0) return [];
  const next = [...list];
  const [entry] = next.splice(Math.min(from, next.length - 1), 1);
  next.splice(Math.min(to, next.length), 0, entry!);
  return next;
}

function insertAt<T>(list: readonly T[], entry: T, index: number | undefined): T[] {
  const next = [...list];
  next.splice(index === undefined ? next.length : Math.min(index, next.length), 0, entry);
  return next;
}

function unknownSection(sectionId: string): AdminActionResult {
  return { ok: false, error: `Unknown section ${sectionId}` };
}

/** The state with one section changed; an error when the page has no such section. */
function withSection(state: PreviewPageState, sectionId: string, change: (section: PreviewSection) => PreviewSection): AdminActionResult {
  const index = state.sections.findIndex((section) => section.id === sectionId);
  if (index === -1) return unknownSection(sectionId);
  const sections = [...state.sections];
  sections[index] = change(sections[index]!);
  return { ok: true, state: { ...state, sections } };
}

function setSections(state: PreviewPageState, sections: PreviewSection[]): AdminActionResult {
  const ids = sections.map((section) => section.id);
  const duplicate = ids.find((sectionId, index) => ids.indexOf(sectionId) !== index);
  if (duplicate) return { ok: false, error: `Duplicate section ${duplicate}` };
  return { ok: true, state: { ...state, sections } };
}

function updateItem(section: PreviewSection, item: Payload<'updateSectionItem'>['item']): PreviewSection | null {
  const index = section.items.findIndex((entry) => entry.id === item.id);
  if (index === -1) return null;
  const items = [...section.items];
  items[index] = mergeDeep(items[index]!, item);
  return { ...section, items };
}

type Reducers = { [A in AdminActionName]: (state: PreviewPageState, payload: Payload<A>) => AdminActionResult };

const reducers: Reducers = {
  updateStore: (state, { settings, menus, pageOptions, sections }) => {
    const next: PreviewPageState = {
      settings: settings ? mergeDeep(state.settings, settings) : state.settings,
      menus: menus ? { ...state.menus, ...menus } : state.menus,
      pageOptions: pageOptions ? mergeDeep(state.pageOptions, pageOptions) : state.pageOptions,
      sections: state.sections,
    };
    return sections ? setSections(next, sections) : { ok: true, state: next };
  },
  updateSettings: (state, settings) => ({ ok: true, state: { ...state, settings: mergeDeep(state.settings, settings) } }),
  updateMenus: (state, menus) => ({ ok: true, state: { ...state, menus: { ...state.menus, ...menus } } }),
  updatePageOptions: (state, options) => ({ ok: true, state: { ...state, pageOptions: mergeDeep(state.pageOptions, options) } }),
  setSections,
  updateSection: (state, change) => withSection(state, change.id, (section) => mergeSectionChange(section, change)),
  addSection: (state, { section, index }) => {
    if (state.sections.some((entry) => entry.id === section.id)) return { ok: false, error: `Duplicate section ${section.id}` };
    return { ok: true, state: { ...state, sections: insertAt(state.sections, section, index) } };
  },
  removeSection: (state, { id: sectionId }) => {
    const sections = state.sections.filter((section) => section.id !== sectionId);
    return sections.length === state.sections.length ? unknownSection(sectionId) : { ok: true, state: { ...state, sections } };
  },
  reorderSection: (state, { from, to }) => {
    if (from >= state.sections.length) return { ok: false, error: `No section at position ${from}` };
    return { ok: true, state: { ...state, sections: move(state.sections, from, to) } };
  },
  addSectionItem: (state, { sectionId, item, index }) => {
    const section = state.sections.find((entry) => entry.id === sectionId);
    if (section?.items.some((entry) => entry.id === item.id)) return { ok: false, error: `Duplicate item ${item.id}` };
    return withSection(state, sectionId, (found) => ({ ...found, items: insertAt(found.items, item as PreviewItem, index) }));
  },
  removeSectionItem: (state, { sectionId, itemId }) => {
    const section = state.sections.find((entry) => entry.id === sectionId);
    if (section && !section.items.some((item) => item.id === itemId)) return { ok: false, error: `Unknown item ${itemId}` };
    return withSection(state, sectionId, (found) => ({ ...found, items: found.items.filter((item) => item.id !== itemId) }));
  },
  updateSectionItem: (state, { sectionId, item }) => {
    const section = state.sections.find((entry) => entry.id === sectionId);
    if (!section) return unknownSection(sectionId);
    const updated = updateItem(section, item);
    if (!updated) return { ok: false, error: `Unknown item ${item.id}` };
    return withSection(state, sectionId, () => updated);
  },
  focusSection: (state, { id: sectionId, enable }) => {
    // Without a change of the enable flag the section object stays the same, so nothing is re-rendered.
    const result = withSection(state, sectionId, (section) =>
      enable === undefined || section.enable === enable ? section : { ...section, enable },
    );
    return result.ok ? { ...result, focus: sectionId } : result;
  },
  changeRoute: (state, route) => ({ ok: true, state, navigate: route }),
};

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ');
}

/** Applies one builder action to the page state. Never throws: unknown actions and bad payloads are errors. */
export function applyAdminAction(state: PreviewPageState, message: Pick<AdminMessage, 'action' | 'payload'>): AdminActionResult {
  const { action } = message;
  if (!Object.hasOwn(payloads, action)) return { ok: false, error: `Unknown admin action ${action}` };
  const name = action as AdminActionName;
  const parsed = payloads[name].safeParse(message.payload);
  if (!parsed.success) return { ok: false, error: `Invalid payload of admin action ${action}: ${describeIssues(parsed.error)}` };
  const reduce = reducers[name] as (state: PreviewPageState, payload: unknown) => AdminActionResult;
  return reduce(state, parsed.data);
}

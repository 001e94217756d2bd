import { z } from 'zod';
import { createApiClient, type ApiClient, type ImageDto, type MenuItemDto, type SectionDto, type ShopConfigDto } from '../lib/api-client';
import { createCaller, type Caller, type Fetcher } from '../lib/api-client/request';
import { DEFAULT_CURRENCY } from '../lib/format-price';
import { LANGUAGES, localize, type Language } from '../lib/localize';
import { inArray } from 'drizzle-orm';
import { isSectionVisible, mergeDeep, overStoredSection, previewSectionSchema, type StoredPreviewSection } from '../lib/preview-actions';
import { sections as sectionsTable } from '../server/db/schema';
import { SETTINGS_GROUPS, shopSettingsSchema, type SettingsGroup } from '../lib/settings';
import type { SectionContext } from '../sections/context';
import { collectImageIds } from '../sections/images';
import { shopTheme, type ThemeName } from '../styles/theme';
import { menuLinkUrl } from '../server/api/content/menus-routes';
import type { PreviewSectionDataInput, PreviewSectionDataDto } from '../contract/storefront/content';
import { PREVIEW_RENDER_GRANT, WIDGET_SECTION_TYPES } from '../server/api/content/preview-routes';
import { sanitizeSectionTexts as sanitizeOptions } from '../server/api/content/sanitize';
import { ApiError, errorBody, validationError } from '../server/api/core/errors';
import { getRuntime } from '../server/runtime';
import { sitenameOf } from '../lib/seo';

/**
 * The server side of the admin live preview (spec 2.4): POST /_preview/render takes the sections
 * (and setting or menu changes) the shop builder is editing and answers them rendered by the page's
 * own section components, as JSON. Nothing is saved. This module reads and checks the request and
 * gathers what the components need; src/pages/_preview/render.astro renders them.
 */

export const PREVIEW_RENDER_LIMITS = { bodyBytes: 1024 * 1024, sections: 50, depth: 40, menuItems: 300 } as const;

// ---------------------------------------------------------------- the request

const record = z.record(z.string(), z.unknown());
const text = z.union([
  z.string().max(10_000),
  z
    .object({ en: z.string().max(10_000).optional(), ru: z.string().max(10_000).optional() })
    .refine((value) => value.en !== undefined || value.ru !== undefined, 'A text needs en or ru.'),
]);

type MenuItemInput = {
  id?: string | undefined;
  title: z.infer<typeof text>;
  url?: string | undefined;
  type?: string | undefined;
  link?: unknown;
  children?: MenuItemInput[] | undefined;
};
const menuItemSchema: z.ZodType<MenuItemInput> = z.lazy(() =>
  z.object({
    id: z.string().max(100).optional(),
    title: text,
    url: z.string().max(2000).optional(),
    type: z.string().max(50).optional(),
    /** the stored form: `{ type, url }` as menu links are stored */
    link: z.unknown().optional(),
    children: z.array(menuItemSchema).max(PREVIEW_RENDER_LIMITS.menuItems).optional(),
  }),
);

export const previewRenderBody = z.object({
  lang: z.enum(LANGUAGES).optional(),
  sections: z
    .array(previewSectionSchema)
    .max(PREVIEW_RENDER_LIMITS.sections)
    .refine((sections) => new Set(sections.map((section) => section.id)).size === sections.length, 'Section ids must be unique.')
    .default([]),
  /** setting changes by group, merged over the stored settings */
  settings: z.partialRecord(z.enum(SETTINGS_GROUPS), record).optional(),
  /** menus by name, replacing the stored ones */
  menus: z.record(z.string().max(50), z.array(menuItemSchema).max(PREVIEW_RENDER_LIMITS.menuItems)).optional(),
  /** what the page tells its sections: the main heading a SectionHeadingH1 falls back to */
  page: z.object({ title: z.string().max(1000).optional() }).optional(),
  /** also render the header and footer (after a settings or menu change) */
  chrome: z.boolean().default(false),
});
export type PreviewRenderBody = z.output<typeof previewRenderBody>;

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');

/** Nesting depth of parsed JSON, without recursion (a deeply nested body must not exhaust the stack). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth);
    for (const entry of Object.values(current)) stack.push([entry, depth + 1]);
  }
  return deepest;
}

async function readLimitedText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new ApiError(413, 'The request body is too large');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ApiError(413, 'The request body is too large');
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The checked body of a render request. Only a JSON POST is accepted, so a form of another site
 * cannot send one; anything else is an ApiError in the API's error shape.
 */
export async function readPreviewRenderRequest(request: Request): Promise<PreviewRenderBody> {
  if (request.method !== 'POST') throw new ApiError(405, 'Method not allowed: use POST');
  if (!isJson(request.headers.get('content-type'))) throw new ApiError(415, 'The request body must be JSON (application/json)');
  const body = await readLimitedText(request, PREVIEW_RENDER_LIMITS.bodyBytes);
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new ApiError(400, 'Malformed JSON body', { errorPath: 'body' });
  }
  if (depthOf(raw) > PREVIEW_RENDER_LIMITS.depth) throw new ApiError(400, 'The body is nested too deeply', { errorPath: 'body' });
  const parsed = previewRenderBody.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  return parsed.data;
}

/** The JSON answer of a failed request (never HTML); unexpected failures are logged and answer 500. */
export async function previewErrorResponse(error: unknown): Promise<Response> {
  const apiError = error instanceof ApiError ? error : new ApiError(500, 'Internal server error, notify administrator');
  if (!(error instanceof ApiError)) await logPreviewFailure(error, 'preview render failed');
  return jsonResponse(errorBody(apiError), apiError.status, apiError.status === 405 ? { allow: 'POST' } : {});
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers },
  });
}

export async function logPreviewFailure(error: unknown, message: string): Promise<void> {
  try {
    (await getRuntime()).deps.logger.error({ err: error }, message);
  } catch {
    console.error(message, error);
  }
}

// ---------------------------------------------------------------- what the components need

/** The API as the preview calls it: the typed client and the raw caller (for the preview call it lacks). */
/** The API a preview reads through, and the shop's PUBLIC_URL for the absolute addresses sections write. */
export type PreviewApi = { client: ApiClient; call: Caller; siteUrl: string };

function previewApi(fetcher: Fetcher, siteUrl: string, lang?: Language): PreviewApi {
  const options = { fetcher, ...(lang ? { lang } : {}) };
  return { client: createApiClient(options), call: createCaller(options), siteUrl };
}

/**
 * The API of the running shop, called in-process like the pages call it, with the grant of a render the preview
 * guard let through (POST /api/preview/section-data answers only staff otherwise).
 */
export async function runtimePreviewApi(lang?: Language): Promise<PreviewApi> {
  const { api, deps } = await getRuntime();
  return previewApi((path, init) => Promise.resolve(api.request(`/api${path}`, init, PREVIEW_RENDER_GRANT)), deps.config.publicUrl, lang);
}

export type PreviewChrome = { settings: ShopConfigDto | null; menus: Record<string, MenuItemDto[]>; lang: Language; sitename: string };
/** The theme of changed settings: the :root custom properties with the font faces, and the owner's custom CSS. */
/** `theme`: the colour theme, for the preview's <html data-theme> */
export type PreviewTheme = { css: string; theme: ThemeName; customStyle: string };

export type PreviewRender = {
  /** the sections to render, sanitized, localized and with their widget data; hidden ones render nothing */
  sections: SectionDto[];
  context: SectionContext;
  chrome: PreviewChrome | null;
  theme: PreviewTheme | null;
};

/** Settings fields holding an image: the config serves them resolved. */
const IMAGE_FIELDS: Partial<Record<SettingsGroup, string[]>> = {
  common: ['favicon', 'sharedImage'],
  header: ['logo', 'logoMobile'],
  footer: ['logo'],
};
const IMAGE_ID_LENGTH = 36;

function patchedImageIds(patch: PreviewRenderBody['settings']): string[] {
  return Object.entries(IMAGE_FIELDS).flatMap(([group, fields]) =>
    fields.flatMap((field) => {
      const value = patch?.[group as SettingsGroup]?.[field];
      return typeof value === 'string' && value.length === IMAGE_ID_LENGTH ? [value] : [];
    }),
  );
}

/**
 * The settings with the builder's changes merged over them, group by group, each group checked by
 * its settings schema (a wrong value falls back to its default, as stored settings do).
 */
function mergeSettings(
  current: ShopConfigDto,
  patch: NonNullable<PreviewRenderBody['settings']>,
  images: Map<string, ImageDto>,
  lang: Language,
): ShopConfigDto {
  const merged: Record<string, unknown> = { ...current };
  for (const [group, changes] of Object.entries(patch) as [SettingsGroup, Record<string, unknown>][]) {
    // the e-mail sender is not part of the storefront's settings
    if (group === 'mail') continue;
    const base = current[group] as unknown as Record<string, unknown>;
    const combined = mergeDeep(base, changes);
    const checked = shopSettingsSchema.shape[group].parse(combined) as Record<string, unknown>;
    for (const field of IMAGE_FIELDS[group] ?? []) {
      const value = field in changes ? changes[field] : base[field];
      checked[field] = typeof value === 'string' ? (images.get(value) ?? value) : (value ?? null);
    }
    merged[group] = localize(checked, lang);
  }
  return merged as ShopConfigDto;
}

const SAFE_URL = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

/** A menu item as the header and footer show it; an address that is not a page, http(s), mail or phone link is dropped. */
function toMenuItem(item: MenuItemInput, index: number, lang: Language): MenuItemDto {
  const link = item.link === undefined ? { type: item.type ?? 'page', url: item.url ?? '' } : menuLinkUrl(item.link);
  const url = link.url.trim();
  return {
    id: item.id ?? String(index),
    // a text is a string or { en, ru } with one of them at least, so it localizes to a string
    title: localize(item.title, lang) as string,
    url: SAFE_URL.test(url) ? url : '',
    type: item.type ?? link.type,
    children: (item.children ?? []).map((child, childIndex) => toMenuItem(child, childIndex, lang)),
  };
}

async function widgetData(api: PreviewApi, sections: SectionDto[]): Promise<Map<string, Record<string, unknown>>> {
  const widgets = sections.filter((section) => isSectionVisible(section) && WIDGET_SECTION_TYPES.includes(section.type));
  if (widgets.length === 0) return new Map();
  const { data } = await api.call<{ sections: PreviewSectionDataDto[] }>({
    context: 'getPreviewSectionData',
    method: 'POST',
    path: '/preview/section-data',
    body: { sections: widgets.map(({ id, type, options, items }) => ({ id, type, options, items })) } satisfies PreviewSectionDataInput,
    fallback: { sections: [] },
  });
  return new Map(data.sections.flatMap((entry) => (entry.data ? [[entry.id, entry.data] as const] : [])));
}

/** The stored sections with these ids (their options and items in both languages), for partial sections. */
export type StoredSectionsLoader = (ids: string[]) => Promise<Map<string, StoredPreviewSection>>;
const noStoredSections: StoredSectionsLoader = async () => new Map();

/** The stored sections of the running shop: what a server-rendered page section the builder changed in part is based on. */
export const runtimeStoredSections: StoredSectionsLoader = async (ids) => {
  const { deps } = await getRuntime();
  const rows = await deps.db.select().from(sectionsTable).where(inArray(sectionsTable.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, type: row.type, options: row.options, items: row.items, styles: row.styles, required: row.required, group: row.group },
    ]),
  );
};

/**
 * Everything the section components need to render the request: sanitized and localized sections
 * with their widget data, the images they show, the settings and menus with the changes, and the
 * theme when settings changed. Widget data and images come through the API, as on a real page.
 */
export async function preparePreview(
  body: PreviewRenderBody,
  api: PreviewApi,
  loadStored: StoredSectionsLoader = noStoredSections,
): Promise<PreviewRender> {
  const partial = body.sections.filter((section) => section.partial === true).map((section) => section.id);
  const [config, storedMenus, stored] = await Promise.all([
    api.client.getConfig(),
    body.chrome ? api.client.getMenus() : Promise.resolve({ data: {} }),
    partial.length > 0 ? loadStored(partial) : Promise.resolve(new Map<string, StoredPreviewSection>()),
  ]);
  const lang: Language = body.lang ?? (config.data?.language.current === 'ru' ? 'ru' : 'en');
  const whole = body.sections.map((section) => overStoredSection(section, stored.get(section.id)));
  const sections: SectionDto[] = localize(sanitizeOptions(whole), lang).map((section, position) => ({
    ...section,
    position,
    required: section['required'] === true,
    group: typeof section['group'] === 'string' ? section['group'] : null,
    styles: (section['styles'] as Record<string, unknown> | undefined) ?? {},
  }));
  const settingsPatch = body.settings ? sanitizeOptions(body.settings) : undefined;
  const [data, images] = await Promise.all([
    widgetData(api, sections),
    api.client.getImagesBatch([...collectImageIds(sections), ...patchedImageIds(settingsPatch)]),
  ]);
  const imageMap = new Map(images.data.map((image) => [image.id, image]));
  const settings = config.data && settingsPatch ? mergeSettings(config.data, settingsPatch, imageMap, lang) : config.data;
  const menus = {
    ...storedMenus.data,
    ...Object.fromEntries(
      Object.entries(body.menus ?? {}).map(([name, items]) => [name, items.map((item, i) => toMenuItem(item, i, lang))]),
    ),
  };
  return {
    sections: sections.map((section) => (data.has(section.id) ? { ...section, data: data.get(section.id)! } : section)),
    context: {
      settings,
      siteUrl: api.siteUrl,
      lang,
      currency: settings?.ecommerce.currency ?? DEFAULT_CURRENCY,
      priceSeparator: settings?.ecommerce.priceFormatSeparator ?? 'none',
      images: imageMap,
      page: body.page?.title ? { title: body.page.title } : {},
    },
    chrome: body.chrome ? { settings, menus, lang, sitename: sitenameOf(settings) } : null,
    theme: settingsPatch && settings ? previewTheme(settings, lang) : null,
  };
}

function previewTheme(settings: ShopConfigDto, lang: Language): PreviewTheme {
  const theme = shopTheme(settings, lang);
  return { css: `${theme.fonts.css}\n${theme.css}`, theme: theme.name, customStyle: settings.seo.customStyle.trim() };
}

// ---------------------------------------------------------------- the answer

export type RenderedSectionDto = { id: string; html: string };
/** The answer of POST /_preview/render. */
export type PreviewRenderDto = {
  sections: RenderedSectionDto[];
  theme?: PreviewTheme;
  chrome?: { header: string; footer: string };
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Gathers the parts of a render request's answer as they are rendered (each part renders to a string
 * and hands it over); `answer` resolves once every part has been handed over.
 */
export function collectRendered(sectionIds: string[], withChrome: boolean) {
  const sections = sectionIds.map((id) => ({ id, html: deferred<string>() }));
  const header = deferred<string>();
  const footer = deferred<string>();
  return {
    section: (index: number) => sections[index]!.html.resolve,
    header: header.resolve,
    footer: footer.resolve,
    answer: async (theme: PreviewTheme | null): Promise<PreviewRenderDto> => ({
      sections: await Promise.all(sections.map(async ({ id, html }) => ({ id, html: await html.promise }))),
      ...(theme ? { theme } : {}),
      ...(withChrome ? { chrome: { header: await header.promise, footer: await footer.promise } } : {}),
    }),
  };
}

// ---------------------------------------------------------------- allowed origins

/**
 * Origins whose window messages the preview script obeys: PREVIEW_ORIGINS (comma-separated) or, by
 * default, the shop's own origin (from PUBLIC_URL). Entries that are not http(s) origins are ignored.
 */
export function previewOrigins(env: Record<string, string | undefined>, siteUrl: string): string[] {
  const configured = (env['PREVIEW_ORIGINS'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const origins = (configured.length > 0 ? configured : [siteUrl]).flatMap((entry) => {
    try {
      const url = new URL(entry);
      return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

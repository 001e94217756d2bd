import type { ArticleSummary, CommentDto, ShopConfigDto, TagDto } from '../lib/api-client';
import { DEFAULT_SETTINGS } from '../lib/settings';
import { layoutsSchema, LIST_ALIGNMENTS, type ItemLayouts } from './layout';
import { isRecord } from './schema-kit';
import { parseRatio } from '../lib/video';

/**
 * What the media (blog) sections show and how (spec 2.9, 3.5 media settings): articles, tags and
 * comments from the sections' server-resolved data, laid out and styled by the shop's media settings.
 */

export type MediaSettings = ShopConfigDto['media'];

export const mediaSettings = (settings: ShopConfigDto | null): MediaSettings => settings?.media ?? DEFAULT_SETTINGS.media;

const isString = (value: unknown): value is string => typeof value === 'string';

function isArticle(value: unknown): value is ArticleSummary {
  return isRecord(value) && isString(value['id']) && isString(value['url']) && isString(value['title']);
}

function isTag(value: unknown): value is TagDto {
  return isRecord(value) && isString(value['slug']) && isString(value['title']) && value['slug'] !== '';
}

function isComment(value: unknown): value is CommentDto {
  return isRecord(value) && isString(value['id']) && isString(value['authorName']) && isString(value['text']);
}

const listOf = <T>(value: unknown, guard: (entry: unknown) => entry is T): T[] => (Array.isArray(value) ? value.filter(guard) : []);

/** The articles of a media widget or list section; an article's tags without a usable slug are left out. */
export function sectionArticles(data: Record<string, unknown> | undefined): ArticleSummary[] {
  return listOf(data?.['articles'], isArticle).map((article) => ({ ...article, tags: listOf(article.tags, isTag) }));
}

export const sectionTags = (data: Record<string, unknown> | undefined): TagDto[] => listOf(data?.['tags'], isTag);

export const sectionComments = (data: Record<string, unknown> | undefined): CommentDto[] => listOf(data?.['comments'], isComment);

/** The id or slug of the article a comments section belongs to (`data.article`), which visitors' comments are sent to. */
export const sectionCommentedArticle = (data: Record<string, unknown> | undefined): string | null =>
  isString(data?.['article']) && data['article'] !== '' ? data['article'] : null;

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

/** Paging of a media list: the page shown, the number of pages and the tag it is filtered by. */
export function mediaListPaging(data: Record<string, unknown> | undefined, itemsPerPage: number) {
  const limit = positive(data?.['limit'], itemsPerPage);
  const total = typeof data?.['total'] === 'number' && data['total'] > 0 ? Math.floor(data['total']) : 0;
  const tag = isString(data?.['tag']) && data['tag'] !== '' ? data['tag'] : null;
  return { page: positive(data?.['page'], 1), pages: Math.max(1, Math.ceil(total / limit)), tag };
}

const alignment = (value: string) =>
  (LIST_ALIGNMENTS as readonly string[]).includes(value) ? (value as (typeof LIST_ALIGNMENTS)[number]) : 'flex-start';

/** The layouts of the section's `options.template`, else the media settings' list columns, alignment and gap per screen. */
export function articleLayouts(template: unknown, media: MediaSettings): ItemLayouts {
  const screen = (layout: MediaSettings['itemsLayout']['desktop']) => ({
    type: 'list' as const,
    columns: layout.listColumn,
    align: alignment(layout.listAlign),
    gap: layout.gap,
  });
  const { desktop, tablet, mobile } = media.itemsLayout;
  return layoutsSchema({ desktop: screen(desktop), tablet: screen(tablet), mobile: screen(mobile) }).parse(template);
}

/** The card picture proportions per screen ('3x2', '16:9'). */
export function cardRatios(media: MediaSettings) {
  const { desktop, tablet, mobile } = media.itemsStyle.imageProportions;
  return { desktop: parseRatio(desktop), tablet: parseRatio(tablet), mobile: parseRatio(mobile) };
}

/** The category page of a tag link: the section's category, else the page it is on. */
export function tagLinkBase(categorySlug: string, currentPath: string): URL {
  const path = categorySlug ? `/${categorySlug.replace(/^\/+/, '')}` : currentPath;
  return new URL(path, 'http://local');
}

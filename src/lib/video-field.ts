import { z } from 'zod';
import { parseVideo, parseVideoFile, VIDEO_SOURCES, type VideoRef } from './video';

/** The sources a video field offers: the five services and a file on the shop's own site. */
export const VIDEO_FIELD_SOURCES = [...VIDEO_SOURCES, 'file'] as const;
export type VideoFieldSource = (typeof VIDEO_FIELD_SOURCES)[number];
export const VIDEO_MODES = ['default', 'background'] as const;

/**
 * What a video field stores (the builder's `video` field kind, a product's video): the source, the video's id or
 * address there (a path for a file), the mode, and an optional preview picture (a media library image id) shown
 * until the player loads. Written only through `videoFieldValue`, so a stored value is one of the sources' own.
 */
export const videoFieldValue = z.strictObject({
  source: z.enum(VIDEO_FIELD_SOURCES),
  video: z.string().trim().min(1).max(2048),
  mode: z.enum(VIDEO_MODES).default('default'),
  previewImage: z
    .string()
    .regex(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i)
    .nullable()
    .default(null),
});
export type VideoFieldValue = z.output<typeof videoFieldValue>;

/** The video a field's value points at, or null when its id or address is not one of its source's. */
export function videoOfField(value: Pick<VideoFieldValue, 'source' | 'video'>): VideoRef | null {
  return value.source === 'file' ? parseVideoFile(value.video) : parseVideo(value.video, value.source);
}

/** Why a field's value cannot be stored (the path under the field, a message key), or null when it can. */
export function videoFieldProblem(value: unknown): { path: 'source' | 'video' | 'mode' | 'previewImage'; message: string } | null {
  if (value === null || value === undefined) return null;
  const parsed = videoFieldValue.safeParse(value);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    const path = key === 'source' || key === 'mode' || key === 'previewImage' ? key : 'video';
    return { path, message: path === 'video' ? 'videoAddress' : 'videoChoice' };
  }
  if (videoOfField(parsed.data) === null) return { path: 'video', message: parsed.data.source === 'file' ? 'videoFile' : 'videoAddress' };
  return null;
}

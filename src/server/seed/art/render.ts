import sharp from 'sharp';
import { mediaAddress } from '../../../lib/media-address';
import type { images, LocalizedText } from '../../db/schema';
import { putOriginal, type OriginalsContext } from '../../media/originals';
import { imageId } from '../ids';

type ImageRow = typeof images.$inferInsert;

/** A demo picture to draw: `key` names the file and derives the image id. */
export type ImageSpec = {
  key: string;
  format: 'webp' | 'jpeg';
  svg: string;
  alt: LocalizedText;
  title: LocalizedText;
};

export const DEMO_DIR = 'demo';

const FORMATS = {
  webp: { extension: 'webp', mime: 'image/webp' },
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
} as const;

/** Parallel renders; sharp itself spreads each one over the libvips thread pool. */
const CONCURRENCY = 4;

async function encode(spec: ImageSpec): Promise<{ data: Buffer; width: number; height: number }> {
  const pipeline = sharp(Buffer.from(spec.svg));
  const encoded = spec.format === 'webp' ? pipeline.webp({ quality: 82, effort: 0 }) : pipeline.jpeg({ quality: 84, progressive: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Draws every picture, writes it to the shop's media store and returns its image row. The same drawing has the
 * same bytes, so re-seeding stores nothing twice and keeps every address.
 */
export async function renderImages(specs: ImageSpec[], media: OriginalsContext): Promise<ImageRow[]> {
  const rows: ImageRow[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next++;
      const spec = specs[index]!;
      const { extension, mime } = FORMATS[spec.format];
      const name = `${spec.key}.${extension}`;
      const { data, width, height } = await encode(spec);
      const hash = await putOriginal(media, data, mime);
      rows[index] = {
        id: imageId(spec.key),
        name,
        alt: spec.alt,
        title: spec.title,
        uri: mediaAddress(hash, name, extension),
        hash,
        mime,
        width,
        height,
        extension,
        size: data.length,
        type: 'image',
        dir: DEMO_DIR,
      };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return rows;
}

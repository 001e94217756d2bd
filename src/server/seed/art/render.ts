import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { images, LocalizedText } from '../../db/schema';
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

async function sizeOnDisk(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return null;
  }
}

/**
 * Draws every picture into `${dataDir}/uploads/demo/` and returns its image row. A file already on disk
 * with the same size is left alone, so re-seeding does not rewrite (or change the mtime of) served files.
 */
export async function renderImages(specs: ImageSpec[], dataDir: string): Promise<ImageRow[]> {
  const dir = path.join(dataDir, 'uploads', DEMO_DIR);
  await fs.mkdir(dir, { recursive: true });
  const rows: ImageRow[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next++;
      const spec = specs[index]!;
      const { extension, mime } = FORMATS[spec.format];
      const name = `${spec.key}.${extension}`;
      const file = path.join(dir, name);
      const { data, width, height } = await encode(spec);
      if ((await sizeOnDisk(file)) !== data.length) await fs.writeFile(file, data);
      rows[index] = {
        id: imageId(spec.key),
        name,
        alt: spec.alt,
        title: spec.title,
        uri: `/media/${DEMO_DIR}/${name}`,
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

import { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { notFound } from '../core/errors';
import { readParams, readQuery } from '../core/validate';
import { loadImages, type ImageDto } from '../shared/images';
import { imageBatchQuery, imageParams } from '../../../contract/storefront/content';

/** Spec 3.4: image ids are 36-character strings; a string longer than 30 characters is taken for one. */
export function isImageId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 30;
}

export const imageRoutes = new Hono<AppEnv>()
  .get('/images/batch', async (c) => {
    const { ids } = readQuery(c, imageBatchQuery);
    const wanted = [...new Set(ids.filter(isImageId))];
    const images = await loadImages(c.var.deps.db, wanted, c.var.lang);
    return c.json(wanted.map((id) => images.get(id)).filter((image): image is ImageDto => image !== undefined));
  })
  .get('/images/:id', async (c) => {
    const { id } = readParams(c, imageParams);
    const image = (await loadImages(c.var.deps.db, [id], c.var.lang)).get(id);
    if (!image) throw notFound('Image not found');
    return c.json(image);
  });

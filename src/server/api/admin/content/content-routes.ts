import { Hono } from 'hono';
import type { AdminEnv } from '../context';
import { articleRoutes } from './articles-routes';
import { linkTargetRoutes } from './link-targets-routes';
import { menuRoutes } from './menus-routes';
import { redirectRoutes } from './redirects-routes';
import { tagRoutes } from './tags-routes';

/** The back office API for content (under /api/admin): link targets, articles and tags, menus, redirects. */
export const contentRoutes = new Hono<AdminEnv>()
  .route('/', linkTargetRoutes)
  .route('/', articleRoutes)
  .route('/', tagRoutes)
  .route('/', menuRoutes)
  .route('/', redirectRoutes);

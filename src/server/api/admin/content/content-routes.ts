import { Hono } from 'hono';
import type { AdminEnv } from '../context';
import { articleRoutes } from './articles';
import { linkTargetRoutes } from './link-targets';
import { menuRoutes } from './menus';
import { redirectRoutes } from './redirects';
import { tagRoutes } from './tags';

/** The back office API for content (under /api/admin): link targets, articles and tags, menus, redirects. */
export const contentRoutes = new Hono<AdminEnv>()
  .route('/', linkTargetRoutes)
  .route('/', articleRoutes)
  .route('/', tagRoutes)
  .route('/', menuRoutes)
  .route('/', redirectRoutes);

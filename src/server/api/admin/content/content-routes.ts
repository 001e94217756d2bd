import { Hono } from 'hono';
import type { AdminEnv } from '../context';
import { linkTargetRoutes } from './link-targets';

/** The back office API for content (under /api/admin): link targets, articles and tags, menus, redirects. */
export const contentRoutes = new Hono<AdminEnv>().route('/', linkTargetRoutes);

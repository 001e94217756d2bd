import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for content (under /api/admin). */
export const contentRoutes = new Hono<AdminEnv>();

import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for catalogs (under /api/admin). */
export const catalogRoutes = new Hono<AdminEnv>();

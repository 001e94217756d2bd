import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for selling (under /api/admin). */
export const sellingRoutes = new Hono<AdminEnv>();

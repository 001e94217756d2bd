import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for builder (under /api/admin). */
export const builderRoutes = new Hono<AdminEnv>();

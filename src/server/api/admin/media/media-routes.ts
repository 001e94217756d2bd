import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for media (under /api/admin). */
export const mediaRoutes = new Hono<AdminEnv>();

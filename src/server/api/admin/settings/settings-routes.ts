import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for settings (under /api/admin). */
export const settingsRoutes = new Hono<AdminEnv>();

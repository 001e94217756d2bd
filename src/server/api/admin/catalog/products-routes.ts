import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for products (under /api/admin). */
export const productRoutes = new Hono<AdminEnv>();

import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for product-import (under /api/admin). */
export const productImportRoutes = new Hono<AdminEnv>();

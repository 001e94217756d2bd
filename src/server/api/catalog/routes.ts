import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

export const catalogRoutes = new Hono<AppEnv>();

import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

export const contentRoutes = new Hono<AppEnv>();

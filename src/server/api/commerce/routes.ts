import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

export const commerceRoutes = new Hono<AppEnv>();

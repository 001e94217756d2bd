import { Hono } from 'hono';
import type { AppEnv } from '../core/context';

export const usersRoutes = new Hono<AppEnv>();

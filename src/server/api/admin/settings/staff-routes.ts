import { Hono } from 'hono';
import type { AdminEnv } from '../context';

/** The back office API for staff (under /api/admin). */
export const staffRoutes = new Hono<AdminEnv>();

/** Routes a person without a staff session may call: accepting an invitation (sets the password). */
export const staffInvitePublicRoutes = new Hono<AdminEnv>();

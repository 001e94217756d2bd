import { Hono } from 'hono';
import type { AdminEnv } from './context';
import { csrfGuard, requireStaff } from './session';
import { sessionRoutes, signInRoutes } from './session-routes';

/**
 * The back office API under /api/admin. Every write passes the CSRF guard; every route but sign-in needs a
 * staff session, and owner-only routes check the role as well.
 */
export const adminRoutes = new Hono<AdminEnv>()
  .use(csrfGuard)
  .route('/', signInRoutes)
  .use(requireStaff)
  .route('/', sessionRoutes);

import { Hono } from 'hono';
import { auditOrigin } from './audit';
import { auditRoutes } from './audit-routes';
import { backInStockAdminRoutes } from './back-in-stock-routes';
import type { AdminEnv } from './context';
import { customerRoutes } from './customers-routes';
import { dashboardRoutes } from './dashboard-routes';
import { integrationRoutes } from './integrations-routes';
import { leadRoutes } from './leads-routes';
import { mailTemplateRoutes } from './mail-templates-routes';
import { recoveryRoutes } from './marketing/recovery-routes';
import { moderationRoutes } from './moderation-routes';
import { orderEditRoutes } from './order-edit-routes';
import { orderRoutes } from './orders-routes';
import { reportRoutes } from './reports-routes';
import { returnRoutes } from './returns-routes';
import { productRoutes } from './catalog/products-routes';
import { catalogRoutes } from './catalog/catalogs-routes';
import { productImportRoutes } from './catalog/import-routes';
import { jobRoutes } from './jobs/jobs-routes';
import { mediaRoutes } from './media/media-routes';
import { sellingRoutes } from './selling/selling-routes';
import { contentRoutes } from './content/content-routes';
import { settingsRoutes } from './settings/settings-routes';
import { setupChecklistRoutes } from './setup-checklist-routes';
import { staffInvitePublicRoutes, staffRoutes } from './settings/staff-routes';
import { builderRoutes } from './builder/builder-routes';
import { csrfGuard, requireStaff } from './session';
import { sessionRoutes, signInRoutes } from './session-routes';

/**
 * The back office API under /api/admin. Every write passes the CSRF guard; every route but sign-in needs a
 * staff session, and owner-only routes check the role as well. Audit entries record the request's address and
 * User-Agent.
 */
export const adminRoutes = new Hono<AdminEnv>()
  .use(auditOrigin)
  .use(csrfGuard)
  .route('/', signInRoutes)
  .route('/', staffInvitePublicRoutes)
  .use(requireStaff)
  .route('/', sessionRoutes)
  .route('/', dashboardRoutes)
  .route('/', reportRoutes)
  .route('/', recoveryRoutes)
  .route('/', setupChecklistRoutes)
  .route('/', orderRoutes)
  .route('/', orderEditRoutes)
  .route('/', returnRoutes)
  .route('/', moderationRoutes)
  .route('/', leadRoutes)
  .route('/', backInStockAdminRoutes)
  .route('/', customerRoutes)
  .route('/', auditRoutes)
  // before the product routes: /products/export.csv and /products/bulk-job are not product ids
  .route('/', productImportRoutes)
  .route('/', jobRoutes)
  .route('/', productRoutes)
  .route('/', catalogRoutes)
  .route('/', mediaRoutes)
  .route('/', sellingRoutes)
  .route('/', contentRoutes)
  .route('/', settingsRoutes)
  .route('/', mailTemplateRoutes)
  .route('/', staffRoutes)
  .route('/', integrationRoutes)
  .route('/', builderRoutes);

import { Hono } from 'hono';
import type { AdminEnv } from '../context';
import { deliveryAdminRoutes } from './delivery-routes';
import { discountAdminRoutes } from './discounts-routes';
import { paymentMethodAdminRoutes } from './payment-methods-routes';

/**
 * The back office API for selling (under /api/admin): discount codes, delivery (shipping zones, rates, pickup
 * locations) and payment methods. Owners and managers alike may use it. See selling-common.ts for which of
 * these writes drop cached pages.
 */
export const sellingRoutes = new Hono<AdminEnv>()
  .route('/', discountAdminRoutes)
  .route('/', deliveryAdminRoutes)
  .route('/', paymentMethodAdminRoutes);

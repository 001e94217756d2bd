import { Hono } from 'hono';
import { backInStockRoutes } from './back-in-stock-routes';
import type { AppEnv } from '../core/context';
import { cartRoutes } from './cart-routes';
import { deliveryRoutes } from './delivery-routes';
import { discountRoutes } from './discounts-routes';
import { leadRoutes } from './leads-routes';
import { orderPlacementRoutes } from './order-placement-routes';
import { orderRoutes } from './orders-routes';
import { paymentRoutes } from './payments/routes';
import { recoveryRoutes } from './recovery-routes';

export const commerceRoutes = new Hono<AppEnv>()
  .route('/', cartRoutes)
  .route('/', discountRoutes)
  .route('/', deliveryRoutes)
  .route('/', orderPlacementRoutes)
  .route('/', orderRoutes)
  .route('/', paymentRoutes)
  .route('/', leadRoutes)
  .route('/', recoveryRoutes)
  .route('/', backInStockRoutes);

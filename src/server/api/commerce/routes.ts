import { Hono } from 'hono';
import { backInStockRoutes } from './back-in-stock';
import type { AppEnv } from '../core/context';
import { cartRoutes } from './cart';
import { deliveryRoutes } from './delivery';
import { discountRoutes } from './discounts';
import { leadRoutes } from './leads';
import { orderPlacementRoutes } from './order-placement';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments/routes';

export const commerceRoutes = new Hono<AppEnv>()
  .route('/', cartRoutes)
  .route('/', discountRoutes)
  .route('/', deliveryRoutes)
  .route('/', orderPlacementRoutes)
  .route('/', orderRoutes)
  .route('/', paymentRoutes)
  .route('/', leadRoutes)
  .route('/', backInStockRoutes);

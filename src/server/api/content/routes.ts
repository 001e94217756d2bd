import { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { articleRoutes } from './articles-routes';
import { configRoutes } from './config-routes';
import { imageRoutes } from './images-routes';
import { menuRoutes } from './menus-routes';
import { pageRoutes } from './pages-routes';
import { previewRoutes } from './preview-routes';
import { redirectRoutes } from './redirects-routes';

export const contentRoutes = new Hono<AppEnv>()
  .route('/', configRoutes)
  .route('/', pageRoutes)
  .route('/', articleRoutes)
  .route('/', imageRoutes)
  .route('/', redirectRoutes)
  .route('/', menuRoutes)
  .route('/', previewRoutes);

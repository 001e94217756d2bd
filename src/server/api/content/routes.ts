import { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { articleRoutes } from './articles';
import { configRoutes } from './config';
import { imageRoutes } from './images';
import { menuRoutes } from './menus';
import { pageRoutes } from './pages';
import { previewRoutes } from './preview-routes';
import { redirectRoutes } from './redirects';

export const contentRoutes = new Hono<AppEnv>()
  .route('/', configRoutes)
  .route('/', pageRoutes)
  .route('/', articleRoutes)
  .route('/', imageRoutes)
  .route('/', redirectRoutes)
  .route('/', menuRoutes)
  .route('/', previewRoutes);

import { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { accountRoutes } from './account-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { profileRoutes } from './profile-routes';
import { reviewsRoutes } from './reviews-routes';
import { wishlistRoutes } from './wishlist-routes';

export const usersRoutes = new Hono<AppEnv>();

usersRoutes.route('/', accountRoutes);
usersRoutes.route('/', profileRoutes);
usersRoutes.route('/', passwordResetRoutes);
usersRoutes.route('/', reviewsRoutes);
usersRoutes.route('/', wishlistRoutes);

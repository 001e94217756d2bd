import { Hono } from 'hono';
import {
  recoveryTokenBody,
  recoveryUpdateBody,
  type RecoveryRestoreDto,
  type RecoveryUpdateDto,
  type UnsubscribeDto,
} from '../../../contract/storefront/recovery';
import { restoreCheckout, reportCheckout, unsubscribe, unsubscribeTarget } from '../../marketing/recovery';
import type { AppEnv } from '../core/context';
import { notFound } from '../core/errors';
import { clientAddress, enforceRateLimit } from '../core/rate-limit';
import { readBody, readQuery } from '../core/validate';
import { commerceMessage } from './messages';

/**
 * Abandoned-checkout recovery on the storefront: the checkout reports its cart and contacts; a reminder's links restore
 * the cart and unsubscribe, each proven by its signed token alone (no session needed).
 */
export const recoveryRoutes = new Hono<AppEnv>()
  .put('/checkout-recovery', async (c) => {
    const body = await readBody(c, recoveryUpdateBody);
    const { user, lang } = c.var;
    // the contacts step names an address to mail: as limited as the other ways a visitor makes the shop send mail
    if (body.contact?.email) await enforceRateLimit(c, 'recoveryContact', clientAddress(c));
    const tracked = await reportCheckout(
      c.var.deps,
      { key: body.key, items: body.items, contact: body.contact },
      { userId: user?.id ?? null, accountEmail: user?.email ?? null, lang },
    );
    return c.json({ tracked } satisfies RecoveryUpdateDto);
  })
  .post('/checkout-recovery/restore', async (c) => {
    const { token } = await readBody(c, recoveryTokenBody);
    const restored = await restoreCheckout(c.var.deps, token);
    if (!restored) throw notFound(commerceMessage('recoveryLinkInvalid', c.var.lang));
    return c.json(restored satisfies RecoveryRestoreDto);
  })
  .get('/checkout-recovery/unsubscribe', async (c) => {
    const { token } = readQuery(c, recoveryTokenBody);
    const target = await unsubscribeTarget(c.var.deps, token);
    if (!target) throw notFound(commerceMessage('recoveryLinkInvalid', c.var.lang));
    return c.json(target satisfies UnsubscribeDto);
  })
  .post('/checkout-recovery/unsubscribe', async (c) => {
    const { token } = await readBody(c, recoveryTokenBody);
    if (!(await unsubscribe(c.var.deps, token))) throw notFound(commerceMessage('recoveryLinkInvalid', c.var.lang));
    const target = await unsubscribeTarget(c.var.deps, token);
    return c.json(target! satisfies UnsubscribeDto);
  });

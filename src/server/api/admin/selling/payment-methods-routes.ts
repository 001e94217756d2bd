import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Context } from 'hono';
import {
  idSchema,
  paymentMethodCreateSchema,
  paymentMethodProblems,
  paymentMethodSettingsBodySchema,
  paymentMethodUpdateSchema,
  reorderBodySchema,
  SANDBOX_PROVIDER,
  versionQuerySchema,
  type AdminPaymentMethod,
  type PaymentMethodsAnswer,
} from '../../../../contract/admin';
import type { AppDeps } from '../../core/context';
import type { Executor } from '../../../db/client';
import { orders, paymentMethods, pickupLocations } from '../../../db/schema';
import { fieldError, validationError } from '../../core/errors';
import { readBody, readParams, readQuery } from '../../core/validate';
import { findPaymentProvider, notificationUrl, PAYMENT_PROVIDERS } from '../../commerce/payments/methods';
import { describeSettings, mergeSettings, publicSettings, secretsSet } from '../../commerce/payments/provider-settings';
import { sandboxRefused } from '../../commerce/payments/sandbox-provider';
import { recordAudit } from '../audit';
import type { AdminEnv } from '../context';
import { requireCapability } from '../session';
import { expectVersion, versionConflict } from '../versioned';
import { isUniqueViolation, refuseProblems, sellingMessage } from './selling-common';
import { confirmStepUp } from '../step-up';
import { deleteVersioned, nextPosition, reorderVersioned, updateVersioned, type Versioned } from './versioned-rows';

type MethodRow = typeof paymentMethods.$inferSelect;
const codeParams = z.object({ code: idSchema });

/** A method as the audit log keeps it: its provider's settings without the secret fields. */
function auditedMethod(row: Record<string, unknown>) {
  const provider = findPaymentProvider(row.provider as string | null);
  const settings = (row.settings ?? {}) as Record<string, unknown>;
  return { ...row, settings: provider ? publicSettings(provider, settings) : {} };
}

const METHODS: Versioned = {
  table: paymentMethods,
  key: paymentMethods.code,
  entityType: 'payment_method',
  missing: 'selling.paymentMethodNotFound',
  auditView: auditedMethod,
};

/** Codes of the pickup locations that list `code` among their payment methods. */
async function locationsUsing(db: Executor, code: string): Promise<string[]> {
  const rows = await db
    .select({ code: pickupLocations.code })
    .from(pickupLocations)
    .where(sql`${pickupLocations.paymentMethodCodes} @> ${JSON.stringify([code])}::jsonb`)
    .orderBy(asc(pickupLocations.code));
  return rows.map((r) => r.code);
}

async function loadMethods(deps: AppDeps): Promise<PaymentMethodsAnswer> {
  const db = deps.db;
  const [rows, locations] = await Promise.all([
    db.select().from(paymentMethods).orderBy(asc(paymentMethods.position), asc(paymentMethods.code)),
    db
      .select({ code: pickupLocations.code, methods: pickupLocations.paymentMethodCodes })
      .from(pickupLocations)
      .orderBy(asc(pickupLocations.code)),
  ]);
  const items = rows.map((row) =>
    toMethod(
      deps,
      row,
      locations.filter((l) => l.methods.includes(row.code)).map((l) => l.code),
    ),
  );
  return {
    items,
    sandboxEnabled: items.some((m) => m.enabled && m.kind === 'online' && m.provider === SANDBOX_PROVIDER),
    sandboxRefused: sandboxRefused(deps),
    providers: [...PAYMENT_PROVIDERS.values()].map((p) => ({ code: p.code, title: p.title, fields: describeSettings(p) })),
  };
}

function toMethod(deps: AppDeps, row: MethodRow, usedByLocations: string[]): AdminPaymentMethod {
  const provider = row.kind === 'online' ? findPaymentProvider(row.provider) : null;
  return {
    code: row.code,
    title: { en: row.title.en ?? '', ru: row.title.ru ?? '' },
    kind: row.kind === 'online' ? 'online' : 'cash',
    provider: row.provider,
    enabled: row.enabled,
    position: row.position,
    version: row.version,
    usedByLocations,
    settings: provider ? publicSettings(provider, row.settings) : {},
    secretsSet: provider ? secretsSet(provider, row.settings) : [],
    notificationUrl: provider ? notificationUrl(deps.config.publicUrl, provider.code, row.code) : null,
    unavailable: provider?.unavailable?.(deps) ?? null,
  };
}

/**
 * Saves a method's provider settings (credentials, test mode, two-stage capture…), checked by the provider's schema.
 * Secret fields are write-only: left empty they keep their value, and neither the answer nor the audit log holds them
 * (the audit names the secrets that changed). The owner's only; a route of its own so a re-check of the owner's
 * password can wrap it.
 */
async function saveMethodSettings(c: Context<AdminEnv>) {
  const { code } = readParams(c, codeParams);
  const { deps, lang, staff } = c.var;
  const body = await readBody(c, paymentMethodSettingsBodySchema);
  await confirmStepUp(c, body.currentPassword);
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentMethods).where(eq(paymentMethods.code, code)).for('update');
    const method = expectVersion(locked, body.version, lang, 'selling.paymentMethodNotFound');
    const provider = method.kind === 'online' ? findPaymentProvider(method.provider) : null;
    if (!provider) throw fieldError('provider', sellingMessage('problems.providerRequired', lang));
    const { values, secretsChanged } = mergeSettings(provider, method.settings, body.settings, body.clearSecrets);
    const parsed = provider.settingsSchema.safeParse(values);
    if (!parsed.success) throw validationError(parsed.error, 'body', ['settings']);
    refuseProblems(
      (provider.settingsProblems?.(parsed.data) ?? []).map((p) => ({ ...p, field: `settings.${p.field}` })),
      lang,
    );
    const [saved] = await tx
      .update(paymentMethods)
      .set({ settings: parsed.data, version: sql`${paymentMethods.version} + 1` })
      .where(and(eq(paymentMethods.code, code), eq(paymentMethods.version, body.version)))
      .returning();
    if (!saved) throw versionConflict(lang);
    await recordAudit(
      tx,
      staff,
      {
        action: 'payment-method.settings',
        entityType: METHODS.entityType,
        entityId: code,
        before: { settings: publicSettings(provider, method.settings), version: method.version },
        after: { settings: publicSettings(provider, saved.settings), version: saved.version, secretsChanged },
      },
      deps.now(),
    );
  });
  return c.json(await loadMethods(deps));
}

export const paymentMethodAdminRoutes = new Hono<AdminEnv>()
  .get('/payment-methods', async (c) => c.json(await loadMethods(c.var.deps)))
  .post('/payment-methods', async (c) => {
    const { deps, lang, staff } = c.var;
    const body = await readBody(c, paymentMethodCreateSchema);
    refuseProblems(paymentMethodProblems(body), lang);
    try {
      await deps.db.transaction(async (tx) => {
        const [clash] = await tx.select({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.code, body.code));
        if (clash) throw fieldError('code', sellingMessage('paymentCodeTaken', lang));
        const position = body.position ?? (await nextPosition(tx, METHODS));
        const [created] = await tx
          .insert(paymentMethods)
          .values({ ...body, position })
          .returning();
        await recordAudit(
          tx,
          staff,
          { action: 'payment-method.create', entityType: METHODS.entityType, entityId: body.code, after: auditedMethod(created!) },
          deps.now(),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'payment_methods_pkey')) throw fieldError('code', sellingMessage('paymentCodeTaken', lang));
      throw error;
    }
    return c.json(await loadMethods(deps), 201);
  })
  .post('/payment-methods/order', async (c) => {
    const { deps, lang, staff } = c.var;
    const { items } = await readBody(c, reorderBodySchema);
    await deps.db.transaction((tx) => reorderVersioned(tx, METHODS, { staff, lang, at: deps.now() }, items, 'payment-method.order'));
    return c.json(await loadMethods(deps));
  })
  /** Title, kind and provider, enabled (the sandbox provider included: the screen warns it must be off in a live shop), position. */
  .patch('/payment-methods/:code', async (c) => {
    const { code } = readParams(c, codeParams);
    const { deps, lang, staff } = c.var;
    const { version, position, ...body } = await readBody(c, paymentMethodUpdateSchema);
    refuseProblems(paymentMethodProblems(body), lang);
    await deps.db.transaction(async (tx) => {
      const [current] = await tx.select({ provider: paymentMethods.provider }).from(paymentMethods).where(eq(paymentMethods.code, code));
      // another provider's settings mean nothing to the new one (and its secrets must not linger)
      const providerChanged = current !== undefined && current.provider !== body.provider;
      await updateVersioned<MethodRow>(tx, METHODS, { staff, lang, at: deps.now() }, code, version, 'payment-method.update', {
        ...body,
        ...(providerChanged ? { settings: {} } : {}),
        ...(position !== undefined ? { position } : {}),
      });
    });
    return c.json(await loadMethods(deps));
  })
  .put('/payment-methods/:code/settings', requireCapability('payment_credentials'), saveMethodSettings)
  /** A method named by pickup locations or used by orders stays (disable it instead). */
  .delete('/payment-methods/:code', async (c) => {
    const { code } = readParams(c, codeParams);
    const { version } = readQuery(c, versionQuerySchema);
    const { deps, lang, staff } = c.var;
    await deps.db.transaction((tx) =>
      deleteVersioned(tx, METHODS, { staff, lang, at: deps.now() }, code, version, 'payment-method.delete', async () => {
        const locations = await locationsUsing(tx, code);
        if (locations.length > 0) throw fieldError('code', sellingMessage('paymentMethodInUse', lang, { locations: locations.join(', ') }));
        const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.paymentMethod, code));
        if (used!.n > 0) throw fieldError('code', sellingMessage('paymentMethodHasOrders', lang, { count: used!.n }));
      }),
    );
    return c.body(null, 204);
  });

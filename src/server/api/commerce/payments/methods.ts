import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { paymentMethods } from '../../../db/schema';
import type { AppDeps } from '../../core/context';
import type { AnyPaymentProvider, ProviderContext } from './provider';
import { sandboxProvider } from './sandbox-provider';
import { stripeProvider } from './stripe-provider';
import { yookassaProvider } from './yookassa-provider';

/** Every provider the shop has, by code (src/contract/admin/selling.ts PAYMENT_PROVIDER_CODES lists the same codes). */
export const PAYMENT_PROVIDERS: ReadonlyMap<string, AnyPaymentProvider> = new Map(
  [sandboxProvider, stripeProvider, yookassaProvider].map((p) => [p.code, p as AnyPaymentProvider]),
);

export function findPaymentProvider(code: string | null | undefined): AnyPaymentProvider | null {
  return (code && PAYMENT_PROVIDERS.get(code)) || null;
}

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type ResolvedMethod = { method: PaymentMethodRow; provider: AnyPaymentProvider; settings: Record<string, unknown> };

/** A method's stored settings read by its provider's schema; what no longer fits falls back to the defaults. */
export function methodSettings(provider: AnyPaymentProvider, stored: Record<string, unknown>): Record<string, unknown> {
  const parsed = provider.settingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  return provider.settingsSchema.parse({});
}

export function resolveMethod(method: PaymentMethodRow | undefined): ResolvedMethod | null {
  const provider = method?.kind === 'online' ? findPaymentProvider(method.provider) : null;
  return method && provider ? { method, provider, settings: methodSettings(provider, method.settings) } : null;
}

/** The online method `code` with its provider and settings, or null (cash, unknown, or its provider is gone). */
export async function loadMethod(db: Executor, code: string): Promise<ResolvedMethod | null> {
  const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.code, code));
  return resolveMethod(method);
}

/** Online methods of a provider, enabled first: where a notification without a method in its address may belong. */
export async function methodsOfProvider(db: Executor, providerCode: string): Promise<ResolvedMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, providerCode), eq(paymentMethods.kind, 'online')));
  return rows.sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.position - b.position).flatMap((row) => resolveMethod(row) ?? []);
}

export function providerContext(deps: AppDeps, resolved: ResolvedMethod): ProviderContext<Record<string, unknown>> {
  return { deps, settings: resolved.settings, methodCode: resolved.method.code };
}

/** Where a provider posts notifications for a method (entered in the provider's dashboard). */
export function notificationUrl(publicUrl: string, providerCode: string, methodCode: string): string {
  return `${publicUrl}/api/payment/notification/${encodeURIComponent(providerCode)}/${encodeURIComponent(methodCode)}`;
}

/**
 * Origins the shopper's browser goes to for the enabled online methods (checkout.stripe.com, yoomoney.ru…): what the
 * Content-Security-Policy adds for payments.
 */
export async function paymentProviderOrigins(db: Executor): Promise<string[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.enabled, true), eq(paymentMethods.kind, 'online'), isNotNull(paymentMethods.provider)));
  const origins = rows.flatMap((row) => {
    const resolved = resolveMethod(row);
    return resolved ? resolved.provider.origins(resolved.settings) : [];
  });
  return [...new Set(origins)].sort();
}

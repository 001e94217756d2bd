import type { ProviderField } from '../../../../contract/admin';
import { methodSettings } from './methods';
import { type AnyPaymentProvider, fieldMeta, secretFieldNames, settingsFields } from './provider';

/**
 * A provider's settings as the back office sees them: the form made from the provider's zod schema, and the stored
 * values without the secret fields (which are write-only: a save keeps a secret the form left empty).
 */

/** The inputs of a provider's settings form, in the schema's order, with their defaults. */
export function describeSettings(provider: AnyPaymentProvider): ProviderField[] {
  const defaults = provider.settingsSchema.parse({}) as Record<string, unknown>;
  return settingsFields(provider.settingsSchema).map(([name, field]) => {
    const meta = fieldMeta(field);
    const value = defaults[name];
    const kind: ProviderField['kind'] = meta.secret
      ? 'secret'
      : meta.choices
        ? 'select'
        : typeof value === 'boolean'
          ? 'boolean'
          : typeof value === 'number'
            ? 'number'
            : Array.isArray(value)
              ? 'list'
              : 'text';
    return { name, kind, ...(meta.choices ? { choices: [...meta.choices] } : {}), ...(meta.secret ? {} : { default: value }) };
  });
}

/** The stored settings read by the provider, secret fields left out. */
export function publicSettings(provider: AnyPaymentProvider, stored: Record<string, unknown>): Record<string, unknown> {
  const secrets = new Set(secretFieldNames(provider.settingsSchema));
  return Object.fromEntries(Object.entries(methodSettings(provider, stored)).filter(([name]) => !secrets.has(name)));
}

/** Secret fields that hold a value. */
export function secretsSet(provider: AnyPaymentProvider, stored: Record<string, unknown>): string[] {
  return secretFieldNames(provider.settingsSchema).filter((name) => typeof stored[name] === 'string' && stored[name] !== '');
}

/**
 * The settings a save stores: the submitted values over the stored secrets (a secret left out or empty keeps its
 * value unless it is to be cleared). Answers the values to check with the provider's schema and the secrets it changed.
 */
export function mergeSettings(
  provider: AnyPaymentProvider,
  stored: Record<string, unknown>,
  submitted: Record<string, unknown>,
  clear: string[],
): { values: Record<string, unknown>; secretsChanged: string[] } {
  const values = { ...submitted };
  const secretsChanged: string[] = [];
  for (const name of secretFieldNames(provider.settingsSchema)) {
    const given = values[name];
    if (clear.includes(name)) values[name] = '';
    else if (given === undefined || given === '' || given === null) values[name] = stored[name] ?? '';
    if ((values[name] ?? '') !== (stored[name] ?? '')) secretsChanged.push(name);
  }
  return { values, secretsChanged };
}

import { isRecord } from '../../lib/is-record';
/**
 * The API's error body (`{ message, errors: { errors, children } }`, see src/server/api/core/errors.ts)
 * flattened to what a form shows: messages per field path ('items.0.quantity') and messages for the form.
 */
export type FlatErrors = { form: string[]; fields: Record<string, string[]> };

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

export function flattenFormErrors(tree: unknown): FlatErrors {
  const result: FlatErrors = { form: [], fields: {} };
  if (!isRecord(tree)) return result;
  result.form.push(...strings(tree.errors));
  const walk = (node: unknown, path: string[]) => {
    if (!isRecord(node)) return;
    const messages = strings(node.errors);
    if (messages.length > 0) (result.fields[path.join('.')] ??= []).push(...messages);
    if (isRecord(node.children)) for (const [key, child] of Object.entries(node.children)) walk(child, [...path, key]);
  };
  if (isRecord(tree.children)) for (const [key, child] of Object.entries(tree.children)) walk(child, [key]);
  return result;
}

/** The messages of an error body: `errors` when it has any, else its `message`. */
export function errorsOfBody(body: unknown): FlatErrors {
  if (!isRecord(body)) return { form: [], fields: {} };
  const flat = flattenFormErrors(body.errors);
  if (flat.form.length === 0 && Object.keys(flat.fields).length === 0 && typeof body.message === 'string' && body.message) {
    flat.form.push(body.message);
  }
  return flat;
}

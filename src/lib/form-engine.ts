/**
 * The site's one form engine, its pure part (spec 4 "Form submit", 5 and 8): form definitions with
 * nested fields, sub-forms and lists of sub-forms; client validation with the rules of ./validation;
 * server answers read back onto the fields; and the state transitions the React hook applies.
 *
 * Paths address values and errors with dots: 'email', 'profile.firstName', 'addresses.0.street'.
 */
import { issueMessageKey, type SchemaIssue } from './issue-messages';
import { DEFAULT_MESSAGES, noEmpty, requiredLabel } from './validation';
import { isRecord } from './is-record';

/** Message key (translated by the storefront) or plain text; null when the value passes. */
export type FieldRule = (value: unknown, values: FormValues) => string | null;

export type FieldDef = { kind: 'field'; rules: readonly FieldRule[]; initial: unknown };
export type GroupDef = { kind: 'group'; fields: Readonly<Record<string, FormDef>> };
export type ListDef = { kind: 'list'; item: FormDef; initial: readonly unknown[] };
export type FormDef = FieldDef | GroupDef | ListDef;

export type FormValues = Record<string, unknown>;
/** One message per invalid field path. */
export type FieldErrors = Record<string, string>;

export const VALIDATION_FAILED_KEY = 'forms.errors.validation';
export const INTERNAL_ERROR_KEY = 'forms.errors.internal';
export const VALIDATION_FAILED = 'Validation Failed';
export const INTERNAL_ERROR = 'Internal server error, notify administrator';
/** Milliseconds after the last edit before a field is validated. */
export const VALIDATION_DEBOUNCE_MS = 500;

export function field(rules: readonly FieldRule[] = [], initial: unknown = ''): FieldDef {
  return { kind: 'field', rules, initial };
}

/** What a rule reads of an issue of the API contract's schema (a zod issue), without importing zod here. */
type ContractIssue = SchemaIssue & { readonly message: string };

/** What a rule needs of a schema of the API contract (a zod schema), without importing zod here. */
export type ContractSchema = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly ContractIssue[] } };
};

/** The texts the contract sets itself that the storefront translates (the spec's texts of ./validation). */
const KNOWN_TEXTS = new Set<string>(Object.values(DEFAULT_MESSAGES));

/**
 * The engine's message for an issue of a contract schema: the contract's own words where it chose them
 * (refinements, `code: 'custom'`, and the spec's texts), else the localized message key of zod's default
 * issue (./issue-messages), so no text of zod's (English only) reaches the page.
 */
function issueMessage(issue: ContractIssue, value: unknown): string {
  if (issue.code === 'custom' || KNOWN_TEXTS.has(issue.message)) return issue.message;
  return issueMessageKey(issue, value);
}

/**
 * The rules of a field the server validates with `schema` (src/contract), so the rule is written once:
 * noEmpty first when the schema refuses an empty value (the label gets ' *'), then the message of the
 * schema's first issue (`issueMessage`).
 */
export function schemaRules(schema: ContractSchema): FieldRule[] {
  const rule: FieldRule = (value) => {
    const result = schema.safeParse(value);
    if (result.success) return null;
    const [issue] = result.error.issues;
    return issue ? issueMessage(issue, value) : VALIDATION_FAILED;
  };
  return schema.safeParse('').success ? [rule] : [noEmpty, rule];
}

export function group(fields: Record<string, FormDef>): GroupDef {
  return { kind: 'group', fields };
}

export function list(item: FormDef, initial: readonly unknown[] = []): ListDef {
  return { kind: 'list', item, initial };
}

// ---------------------------------------------------------------- paths

export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

export function joinPath(...parts: (string | number)[]): string {
  return parts.filter((part) => part !== '').join('.');
}

/** `path` is `prefix` itself or lies inside it. */
export function isWithin(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

export function getIn(values: unknown, path: string): unknown {
  let node = values;
  for (const key of splitPath(path)) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** A copy of `values` with `value` at `path`; objects and arrays on the way are copied, never mutated. */
export function setIn<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = splitPath(path);
  if (key === undefined) return value as T;
  const inner = rest.join('.');
  if (Array.isArray(values)) {
    const copy = [...values];
    copy[Number(key)] = setIn(copy[Number(key)], inner, value);
    return copy as T;
  }
  const record: Record<string, unknown> = isRecord(values) ? values : {};
  return { ...record, [key]: setIn(record[key], inner, value) } as T;
}

// ---------------------------------------------------------------- definitions

export function initialValues(def: GroupDef): FormValues {
  return initialOf(def) as FormValues;
}

function initialOf(def: FormDef): unknown {
  if (def.kind === 'field') return def.initial;
  if (def.kind === 'list') return def.initial.map((item) => mergeInitial(def.item, item));
  return Object.fromEntries(Object.entries(def.fields).map(([name, child]) => [name, initialOf(child)]));
}

/** Values of a sub-form: its initial values with the given ones over them. */
function mergeInitial(def: FormDef, given: unknown): unknown {
  if (def.kind !== 'group' || !isRecord(given)) return given ?? initialOf(def);
  return Object.fromEntries(Object.entries(def.fields).map(([name, child]) => [name, name in given ? given[name] : initialOf(child)]));
}

/** A new item of the list at `path`, with its sub-form's initial values. */
export function newListItem(def: GroupDef, path: string, given?: unknown): unknown {
  const listDef = defAt(def, path);
  if (listDef?.kind !== 'list') throw new Error(`No list at "${path}"`);
  return mergeInitial(listDef.item, given);
}

/** The definition at a value path (list indexes step into the list's item). */
export function defAt(def: FormDef, path: string): FormDef | null {
  let node: FormDef | undefined = def;
  for (const key of splitPath(path)) {
    if (node.kind === 'group') node = node.fields[key];
    else if (node.kind === 'list' && /^\d+$/.test(key)) node = node.item;
    else return null;
    if (!node) return null;
  }
  return node;
}

export function isRequired(def: GroupDef, path: string): boolean {
  const fieldDef = defAt(def, path);
  return fieldDef?.kind === 'field' && fieldDef.rules.includes(noEmpty);
}

/** A field's label, with ' *' when the field must be filled. */
export function fieldLabel(def: GroupDef, path: string, label: string): string {
  return isRequired(def, path) ? requiredLabel(label) : label;
}

// ---------------------------------------------------------------- validation

export function validateValue(rules: readonly FieldRule[], value: unknown, values: FormValues): string | null {
  for (const rule of rules) {
    const message = rule(value, values);
    if (message) return message;
  }
  return null;
}

/** The message of the field at `path`, or null when it passes (or is not a field). */
export function validateField(def: GroupDef, values: FormValues, path: string): string | null {
  const fieldDef = defAt(def, path);
  return fieldDef?.kind === 'field' ? validateValue(fieldDef.rules, getIn(values, path), values) : null;
}

/** Every failing field of the form, lists and sub-forms included. */
export function validateForm(def: GroupDef, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  const walk = (node: FormDef, path: string) => {
    if (node.kind === 'field') {
      const message = validateValue(node.rules, getIn(values, path), values);
      if (message) errors[path] = message;
    } else if (node.kind === 'group') {
      for (const [name, child] of Object.entries(node.fields)) walk(child, joinPath(path, name));
    } else {
      const items = getIn(values, path);
      if (Array.isArray(items)) items.forEach((_, index) => walk(node.item, joinPath(path, index)));
    }
  };
  walk(def, '');
  return errors;
}

// ---------------------------------------------------------------- server answers

type ServerFormErrors = { errors?: unknown; children?: unknown };

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Messages per field path from the answer's `errors.children`, plus `errorPath` carrying the answer's message. */
export function serverFieldErrors(answer: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!isRecord(answer)) return fields;
  const walk = (node: unknown, path: string) => {
    if (!isRecord(node)) return;
    const { errors, children } = node as ServerFormErrors;
    if (path !== '' && Array.isArray(errors)) {
      const messages = errors.filter(nonEmptyString);
      if (messages.length > 0) fields[path] = [...(fields[path] ?? []), ...messages];
    }
    if (isRecord(children)) for (const [name, child] of Object.entries(children)) walk(child, joinPath(path, name));
  };
  walk(answer.errors, '');
  const message = answerMessage(answer);
  if (nonEmptyString(answer.errorPath) && !fields[answer.errorPath] && message) fields[answer.errorPath] = [message];
  return fields;
}

/** The message an answer carries for the whole form: `detail.message`, else `message`. */
export function answerMessage(answer: unknown): string | null {
  if (!isRecord(answer)) return null;
  const detail = answer.detail;
  if (isRecord(detail) && nonEmptyString(detail.message)) return detail.message;
  return nonEmptyString(answer.message) ? answer.message : null;
}

export type SubmitOutcome = { ok: true; answer: unknown } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * Spec 8: no answer at all means 'Internal server error, notify administrator'; an answer with status
 * 400, an errorPath, or errors without success is a failure showing detail.message; anything else succeeded.
 */
export function submitOutcome(answer: unknown): SubmitOutcome {
  if (answer === undefined) return { ok: false, message: INTERNAL_ERROR_KEY, fieldErrors: {} };
  if (!isRecord(answer)) return { ok: true, answer };
  const failed = answer.status === 400 || nonEmptyString(answer.errorPath) || (answer.errors !== undefined && answer.success !== true);
  if (!failed) return { ok: true, answer };
  return { ok: false, message: answerMessage(answer) ?? INTERNAL_ERROR_KEY, fieldErrors: serverFieldErrors(answer) };
}

// ---------------------------------------------------------------- state

export type FormStatus = 'editing' | 'submitting' | 'submitted';

export type FormState = {
  values: FormValues;
  /** Client rule failures, per field path. */
  errors: FieldErrors;
  /** What the server said about fields on the last submit, cleared per field on edit. */
  serverErrors: Record<string, string[]>;
  /** Form-level message of the last failed submit. */
  message: string | null;
  status: FormStatus;
};

export function initialState(def: GroupDef, given: FormValues = {}): FormState {
  const values = Object.entries(given).reduce<FormValues>((all, [path, value]) => setIn(all, path, value), initialValues(def));
  return { values, errors: {}, serverErrors: {}, message: null, status: 'editing' };
}

const without = <T>(record: Record<string, T>, prefix: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([path]) => !isWithin(path, prefix)));

/** An edit: the new value, and what the server had said about that field is gone. */
export function editField(state: FormState, path: string, value: unknown): FormState {
  return {
    ...state,
    values: setIn(state.values, path, value),
    serverErrors: without(state.serverErrors, path),
    message: null,
    status: state.status === 'submitted' ? 'editing' : state.status,
  };
}

/** The debounced check of one field after edits. */
export function checkField(state: FormState, def: GroupDef, path: string): FormState {
  const message = validateField(def, state.values, path);
  const errors = without(state.errors, path);
  return { ...state, errors: message ? { ...errors, [path]: message } : errors };
}

export function addListItem(state: FormState, def: GroupDef, path: string, given?: unknown): FormState {
  const items = getIn(state.values, path);
  const next = [...(Array.isArray(items) ? items : []), newListItem(def, path, given)];
  return { ...state, values: setIn(state.values, path, next) };
}

/** Removes an item of a list; errors of later items move up with them. */
export function removeListItem(state: FormState, path: string, index: number): FormState {
  const items = getIn(state.values, path);
  if (!Array.isArray(items)) return state;
  const shift = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(
      Object.entries(record).flatMap(([errorPath, message]) => {
        if (!isWithin(errorPath, path) || errorPath === path) return [[errorPath, message]];
        const [position, ...rest] = splitPath(errorPath.slice(path.length + 1));
        const at = Number(position);
        if (at === index) return [];
        return [[joinPath(path, at > index ? at - 1 : at, ...rest), message]];
      }),
    );
  return {
    ...state,
    values: setIn(
      state.values,
      path,
      items.filter((_, i) => i !== index),
    ),
    errors: shift(state.errors),
    serverErrors: shift(state.serverErrors),
  };
}

/** Submit pressed: every field is checked; the state says whether the form may be sent. */
export function beginSubmit(state: FormState, def: GroupDef): { state: FormState; valid: boolean } {
  const errors = validateForm(def, state.values);
  const valid = Object.keys(errors).length === 0;
  return {
    valid,
    state: { ...state, errors, serverErrors: {}, message: valid ? null : VALIDATION_FAILED_KEY, status: valid ? 'submitting' : 'editing' },
  };
}

export function finishSubmit(state: FormState, outcome: SubmitOutcome): FormState {
  if (outcome.ok) return { ...state, status: 'submitted', message: null, serverErrors: {} };
  return { ...state, status: 'editing', message: outcome.message, serverErrors: outcome.fieldErrors };
}

/** The message shown under a field: the server's, else the client rule's. */
export function fieldMessage(state: FormState, path: string): string | null {
  return state.serverErrors[path]?.[0] ?? state.errors[path] ?? null;
}

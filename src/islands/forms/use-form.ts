/**
 * The React side of the form engine (src/lib/form-engine.ts): state, the 500 ms validation debounce
 * per field, submitting and reading the answer back onto the fields.
 */
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ApiResult } from '../../lib/api-client';
import {
  type FormState,
  type FormValues,
  type GroupDef,
  type SubmitOutcome,
  VALIDATION_DEBOUNCE_MS,
  addListItem,
  beginSubmit,
  checkField,
  editField,
  fieldLabel,
  fieldMessage,
  finishSubmit,
  getIn,
  initialState,
  removeListItem,
  submitOutcome,
} from '../../lib/form-engine';
import type { Language } from '../../lib/localize';
import { translateMessage } from './texts';

export type FormOptions = {
  lang: Language;
  /** Ids of the controls start with this ('checkout' → checkout-customer-name), else with a generated id. */
  idPrefix?: string;
  /** Values over the definition's initial ones, by path. */
  initial?: FormValues;
  /** Sends the values; answers what the server answered (see answerOf), or undefined when nothing came back. */
  send: (values: FormValues) => Promise<unknown>;
  onSuccess?: (answer: unknown, values: FormValues) => void;
  onFailure?: (outcome: Extract<SubmitOutcome, { ok: false }>) => void;
  /** Submitting is refused while this says so (an unticked consent box); the button then looks disabled. */
  blocked?: (values: FormValues) => boolean;
};

/** What a form's submit handler answers from an API call: the body on success, the error body on failure. */
export function answerOf(result: ApiResult<unknown>): unknown {
  if (!result.error) return result.data ?? { success: true };
  const body = result.error.data;
  if (typeof body === 'object' && body !== null) return body;
  // No usable body: a missing answer is the internal error; a bare status still fails with its message.
  return result.error.status === 'no status'
    ? undefined
    : { success: false, status: result.error.statusCode, detail: { message: result.error.message } };
}

/** The server's thanks ('…will appear after moderation'), else ours. */
export function moderationMessage(answer: unknown, fallback: string): string {
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** After a failed submit, the first field marked invalid takes the focus (and comes into view). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  if (!form) return;
  requestAnimationFrame(() => {
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
    invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

/**
 * A form of `definition`: a definition, or one that follows the values (the checkout's receiver and
 * delivery fields apply only when chosen).
 */
export function useForm(definition: GroupDef | ((values: FormValues) => GroupDef), options: FormOptions) {
  const defOf = useCallback((values: FormValues) => (typeof definition === 'function' ? definition(values) : definition), [definition]);
  const [state, setState] = useState<FormState>(() => initialState(defOf({}), options.initial));
  const stateRef = useRef(state);
  stateRef.current = state;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const shownFields = useRef(new Set<string>());
  const id = useId();
  const { lang } = options;

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const update = useCallback((change: (current: FormState) => FormState) => {
    stateRef.current = change(stateRef.current);
    setState(stateRef.current);
  }, []);

  const setValue = useCallback(
    (path: string, value: unknown) => {
      update((current) => editField(current, path, value));
      clearTimeout(timers.current.get(path));
      timers.current.set(
        path,
        setTimeout(() => update((current) => checkField(current, defOf(current.values), path)), VALIDATION_DEBOUNCE_MS),
      );
    },
    [defOf, update],
  );

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      const formElement = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
      const { send, onSuccess, onFailure, blocked } = optionsRef.current;
      if (stateRef.current.status === 'submitting' || blocked?.(stateRef.current.values)) return;
      timers.current.forEach((timer) => clearTimeout(timer));
      const begun = beginSubmit(stateRef.current, defOf(stateRef.current.values));
      update(() => begun.state);
      if (!begun.valid) return focusFirstInvalid(formElement);
      let answer: unknown;
      try {
        answer = await send(begun.state.values);
      } catch (error) {
        console.error('form submit failed', error);
        answer = undefined;
      }
      const outcome = submitOutcome(answer);
      update((current) => finishSubmit(current, outcome));
      if (outcome.ok) onSuccess?.(outcome.answer, begun.state.values);
      else {
        onFailure?.(outcome);
        focusFirstInvalid(formElement);
      }
    },
    [defOf, update],
  );

  return useMemo(() => {
    const message = (path: string) => {
      shownFields.current.add(path);
      const raw = fieldMessage(state, path);
      return raw ? translateMessage(raw, lang, path) : null;
    };
    // The form-level message, unless the same words already stand under a field of the form.
    const shownOnField = Object.entries(state.serverErrors).some(
      ([path, messages]) => shownFields.current.has(path) && messages[0] === state.message,
    );
    const def = defOf(state.values);
    return {
      id,
      lang,
      state,
      values: state.values,
      submitting: state.status === 'submitting',
      submitted: state.status === 'submitted',
      blocked: options.blocked?.(state.values) ?? false,
      formMessage: state.message && !shownOnField ? translateMessage(state.message, lang) : null,
      value: (path: string) => getIn(state.values, path),
      message,
      label: (path: string, text: string) => fieldLabel(def, path, text),
      inputId: (path: string) => `${options.idPrefix ?? id}-${path.replace(/\./g, '-')}`,
      setValue,
      submit,
      addItem: (path: string, given?: unknown) => update((current) => addListItem(current, defOf(current.values), path, given)),
      removeItem: (path: string, index: number) => update((current) => removeListItem(current, path, index)),
      /** Back to the initial values (or the given ones); answers the new values. */
      reset: (values?: FormValues) => {
        update(() => initialState(defOf({}), values ?? optionsRef.current.initial));
        return stateRef.current.values;
      },
    };
  }, [defOf, id, lang, options, setValue, state, submit, update]);
}

export type FormApi = ReturnType<typeof useForm>;

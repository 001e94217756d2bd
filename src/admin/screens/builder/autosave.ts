import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError } from '../../api/client';
import { builderApi } from './api';
import type { BuilderContent } from './types';

/**
 * Saves the draft a moment after the last edit (`DELAY_MS`), one request at a time, with the draft version
 * the builder last saw. A 409 (someone else saved meanwhile) stops saving and keeps their message (who,
 * when) until the staff member reloads their version: nothing is overwritten silently.
 */
export const DELAY_MS = 800;

/** `fields`: the API's messages per field of a refused save (a 400), to show on the form. */
export type SaveState = {
  status: 'idle' | 'pending' | 'saving' | 'saved' | 'conflict' | 'error';
  message?: string;
  savedAt?: string;
  fields?: Record<string, string[]>;
};

export function useAutosave(target: string, initialVersion: number) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const version = useRef(initialVersion);
  const timer = useRef<number | null>(null);
  const queued = useRef<BuilderContent | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const blocked = useRef(false);

  const run = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const work = (async () => {
      while (queued.current && !blocked.current) {
        const content = queued.current;
        queued.current = null;
        setState({ status: 'saving' });
        try {
          const answer = await builderApi.saveDraft(target, content, version.current);
          version.current = answer.version;
          setState(queued.current ? { status: 'pending' } : { status: 'saved', savedAt: answer.updatedAt });
        } catch (error) {
          if (error instanceof AdminApiError && error.status === 409) {
            blocked.current = true;
            setState({ status: 'conflict', message: error.message });
          } else {
            // kept for the next attempt: an edit or "Save now" retries
            queued.current ??= content;
            const fields = error instanceof AdminApiError && error.status === 400 ? error.errors.fields : undefined;
            setState({ status: 'error', message: error instanceof Error ? error.message : String(error), ...(fields ? { fields } : {}) });
          }
          return;
        }
      }
    })().finally(() => {
      running.current = null;
    });
    running.current = work;
    return work;
  }, [target]);

  const schedule = useCallback(
    (content: BuilderContent) => {
      queued.current = content;
      if (blocked.current) return;
      setState((current) => (current.status === 'saving' ? current : { status: 'pending' }));
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        void run();
      }, DELAY_MS);
    },
    [run],
  );

  /** Saves what is waiting now; resolves with the draft version (for publishing), or throws on a conflict. */
  const flush = useCallback(async (): Promise<number> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    await running.current;
    if (queued.current) await run();
    if (blocked.current) throw new AdminApiError(409, state.message ?? 'Conflict', { form: [], fields: {} });
    if (queued.current) throw new AdminApiError(0, state.message ?? 'Not saved', { form: [], fields: {} });
    return version.current;
  }, [run, state.message]);

  /** A new starting point (their version reloaded, published, discarded, restored). */
  const resetTo = useCallback((nextVersion: number) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    queued.current = null;
    blocked.current = false;
    version.current = nextVersion;
    setState({ status: 'idle' });
  }, []);

  /** Drops a waiting save (the content is about to be replaced). */
  const cancel = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    queued.current = null;
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  // Leaving with an unsaved edit asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (queued.current || running.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return { state, schedule, flush, resetTo, cancel, version };
}

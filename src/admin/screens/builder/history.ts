/**
 * The session's undo history: every content state the staff member went through. Typing into one field
 * in a row (the same `key` within `COALESCE_MS`) is one step, so undo takes back a word, not a letter.
 */
export type History<C> = { past: C[]; present: C; future: C[]; lastKey: string | null; lastAt: number };

export const COALESCE_MS = 1000;
const LIMIT = 200;

export const startHistory = <C>(present: C): History<C> => ({ past: [], present, future: [], lastKey: null, lastAt: 0 });

export function record<C>(history: History<C>, next: C, key: string | null = null, now = Date.now()): History<C> {
  if (next === history.present) return history;
  const coalesce = key !== null && key === history.lastKey && now - history.lastAt < COALESCE_MS && history.past.length > 0;
  const past = coalesce ? history.past : [...history.past, history.present].slice(-LIMIT);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<C>(history: History<C>): History<C> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastKey: null, lastAt: 0 };
}

export function redo<C>(history: History<C>): History<C> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, lastKey: null, lastAt: 0 };
}

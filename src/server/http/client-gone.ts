import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A request's render gives up once its client has gone: the page cache provider runs every request with the
 * request's abort signal (aborted by the Node adapter when the connection closes), and the page's data loader
 * (src/storefront/storefront-api.ts) checks it at each call, so an abandoned render stops at its next await
 * instead of rendering for nobody while live visitors wait.
 */
const scope = new AsyncLocalStorage<AbortSignal>();

/** The error an abandoned render ends with; the provider answers it with 499 (no one reads it). */
export class ClientGone extends Error {
  constructor() {
    super('the client has gone');
    this.name = 'ClientGone';
  }
}

/** Runs `work` as the answer to a request whose client may go away (`signal` aborts then). */
export function whileClientWaits<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  return signal ? scope.run(signal, work) : work();
}

/** Throws `ClientGone` when the request being answered has lost its client. */
export function throwIfClientGone(): void {
  if (scope.getStore()?.aborted) throw new ClientGone();
}

/**
 * Renders abandoned for a gone client since the process started, on a counter the production server
 * (server.mjs) reports when it stops: the load bench reads it there; no request can.
 */
const counters = ((globalThis as Record<symbol, unknown>)[Symbol.for('storefront.renderCounters')] ??= { abandoned: 0 }) as {
  abandoned: number;
};

/** Counts a render given up because its client had gone. */
export function countAbandonedRender(): void {
  counters.abandoned += 1;
}

/** Whether `error` (or what caused it) is an abandoned render. */
export function isClientGone(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof ClientGone) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// @ts-check
/**
 * Load shedding for the production server (server.mjs): at most `limit` requests are handled by the
 * framework at once (renders, API calls); the next ones wait in a bounded queue for at most `waitMs`, then
 * answer 503 with Retry-After instead of piling up. A request whose client goes away while it waits leaves
 * the queue without ever starting. Stored pages and client assets are answered before this gate and are never
 * held by it. Plain JavaScript: server.mjs loads it before the built app.
 */

/**
 * @typedef {{ limit: number; queue: number; waitMs: number }} AdmissionOptions
 * @typedef {{ resolve: (admitted: boolean) => void; timer: ReturnType<typeof setTimeout> | undefined }} Waiter
 */

/**
 * The gates' settings from the environment: pages (`RENDER_CONCURRENCY`) and the API (`API_CONCURRENCY`) each have
 * their own bound, with the same queue (`RENDER_QUEUE`) and wait (`RENDER_QUEUE_WAIT_MS`). Two page renders at once
 * by default: a render is CPU work on the instance's one thread (PGlite's queries too), so more at once only
 * stretches each of them; under an open-loop overload at 11 catalog renders a second, 8 at once answered 65 of 220
 * within 3 s (155 clients left, 105 answers cut off), 2 at once answered 171 and shed the other 49 with Retry-After.
 * API calls are short and come in bursts (a back office screen asks several at once), so they keep 8.
 */
export function admissionOptions(env = process.env) {
  const number = (/** @type {string | undefined} */ value, /** @type {number} */ fallback) => {
    const parsed = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : fallback;
  };
  const queue = number(env.RENDER_QUEUE, 64);
  const waitMs = number(env.RENDER_QUEUE_WAIT_MS, 2000);
  return {
    pages: { limit: Math.max(1, number(env.RENDER_CONCURRENCY, 2)), queue, waitMs },
    api: { limit: Math.max(1, number(env.API_CONCURRENCY, 8)), queue, waitMs },
  };
}

/** @param {AdmissionOptions} options */
export function createAdmission({ limit, queue, waitMs }) {
  let active = 0;
  /** @type {Waiter[]} */
  const waiting = [];
  let shed = 0;
  let left = 0;
  let unfinished = 0;

  function leave() {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve(true);
    } else {
      active -= 1;
    }
  }

  return {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    /** requests answered 503 so far */
    get shed() {
      return shed;
    },
    /** requests whose client went away while they waited, never started */
    get left() {
      return left;
    },
    /** admitted requests whose client went away before the answer was complete */
    get unfinished() {
      return unfinished;
    },
    /** counts an admitted request whose client went away before its answer was complete */
    cutOff() {
      unfinished += 1;
    },
    /**
     * Resolves true once the request may run (call `leave` when it is done), false when it is shed (the queue
     * is full, it waited too long, or `gone` fired while it waited).
     * @param {(abandon: () => void) => void} [gone] registers a callback that gives up waiting
     * @returns {boolean | Promise<boolean>}
     */
    enter(gone) {
      if (active < limit) {
        active += 1;
        return true;
      }
      if (waiting.length >= queue) {
        shed += 1;
        return false;
      }
      return new Promise((resolve) => {
        /** @type {Waiter} */
        const waiter = { resolve, timer: undefined };
        const drop = (/** @type {boolean} */ clientLeft) => {
          const index = waiting.indexOf(waiter);
          if (index < 0) return;
          waiting.splice(index, 1);
          clearTimeout(waiter.timer);
          if (clientLeft) left += 1;
          else shed += 1;
          resolve(false);
        };
        waiter.timer = setTimeout(() => drop(false), waitMs);
        waiting.push(waiter);
        gone?.(() => drop(true));
      });
    },
    leave,
  };
}

/** Seconds a shed client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The request listener `handler` behind the gate. `busyText(req)` is the short text of the 503 answer (in the
 * visitor's language). Requests for which `exempt(req)` holds (the liveness probe) skip the gate.
 * @param {ReturnType<typeof createAdmission>} admission
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} handler
 * @param {{ busyText: (req: import('node:http').IncomingMessage) => string; exempt?: (req: import('node:http').IncomingMessage) => boolean }} options
 */
export function gated(admission, handler, { busyText, exempt }) {
  /** @param {import('node:http').ServerResponse} res */
  const run = (/** @type {import('node:http').IncomingMessage} */ req, res) => {
    res.once('close', () => {
      if (!res.writableFinished) admission.cutOff();
      admission.leave();
    });
    handler(req, res);
  };
  return (/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:http').ServerResponse} */ res) => {
    if (exempt?.(req)) return handler(req, res);
    const admitted = admission.enter((abandon) => res.once('close', abandon));
    if (admitted === true) return run(req, res);
    if (admitted === false) return busy(req, res, busyText);
    admitted.then((ok) => {
      if (res.destroyed || res.writableEnded) {
        if (ok) admission.leave();
      } else if (ok) run(req, res);
      else busy(req, res, busyText);
    });
  };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {(req: import('node:http').IncomingMessage) => string} busyText
 */
function busy(req, res, busyText) {
  const body = Buffer.from(busyText(req));
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': body.length,
    'retry-after': String(RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

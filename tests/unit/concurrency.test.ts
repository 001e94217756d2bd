import { describe, expect, it, vi } from 'vitest';
import { BUSY, createConcurrencyLimit } from '../../src/server/concurrency';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('runs at most `max` tasks at once, queues `maxWaiting`, refuses the rest', async () => {
    const limit = createConcurrencyLimit(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const task = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      await gates[i]!.promise;
      running--;
      return i;
    };
    const runs = [limit.run(task(0)), limit.run(task(1)), limit.run(task(2))];
    expect(await limit.run(async () => 'extra')).toBe(BUSY);
    expect([limit.active, limit.waiting]).toEqual([2, 1]);
    gates.forEach((gate) => gate.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(most).toBe(2);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createConcurrencyLimit(1, 0);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
  });
});

describe('createConcurrencyLimit with a wait bound', () => {
  it('refuses a task that waited longer than the bound, and keeps the order of the others', async () => {
    vi.useFakeTimers();
    try {
      const limit = createConcurrencyLimit(1, 5, { maxWaitMs: 1000 });
      const gate = deferred();
      const first = limit.run(() => gate.promise.then(() => 'first'));
      const late = limit.run(async () => 'late');
      expect(limit.waiting).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await late).toBe(BUSY);
      expect(limit.waiting).toBe(0);
      const next = limit.run(async () => 'next');
      gate.resolve();
      expect(await first).toBe('first');
      expect(await next).toBe('next');
      expect([limit.active, limit.waiting]).toEqual([0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});

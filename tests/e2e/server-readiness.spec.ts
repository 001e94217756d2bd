import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './instance-helpers';

/**
 * A (re)starting instance takes no connection before it is ready: from its start, while it opens, migrates and
 * seeds a fresh database, requests keep knocking on its port. Every connection it accepts comes after the
 * seeding it logs (a connection taken before would wait for it, as instances used to for 18–30 s) and is
 * answered in full (200).
 */

type Outcome = { refused: true } | { refused: false; status: number; acceptedWhenReady: boolean };

/** One GET: refused when nothing listens, else the status of the full answer and whether `ready()` held when it connected. */
function knock(port: number, pathname: string, ready: () => boolean): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let acceptedWhenReady = false;
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ refused: false, status: res.statusCode ?? 0, acceptedWhenReady }));
    });
    request.on('socket', (socket) => socket.once('connect', () => (acceptedWhenReady = ready())));
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve({ refused: true }) : reject(error)));
  });
}

test('a starting instance answers nothing before it is ready, then answers every request', async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-readiness-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    let refused = 0;
    const answered: { path: string; status: number; acceptedWhenReady: boolean }[] = [];
    const seeded = () => output.includes('demo shop seeded');
    // knock until the instance has answered each kind of request once
    while (answered.length < 3) {
      expect(child.exitCode, output).toBeNull();
      // the homepage, an API read and the liveness probe, all at once as a load balancer's traffic would come
      const outcomes = await Promise.all(
        ['/', '/api/config', '/liveness'].map(async (p) => ({ path: p, outcome: await knock(port, p, seeded) })),
      );
      for (const { path: p, outcome } of outcomes) {
        if (outcome.refused) refused += 1;
        else answered.push({ path: p, status: outcome.status, acceptedWhenReady: outcome.acceptedWhenReady });
      }
      if (answered.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // it was probed while starting, and refused rather than held those connections
    expect(refused).toBeGreaterThan(0);
    // and everything it took, from the first connection on, was answered in full
    for (const { path: p, status, acceptedWhenReady } of answered) {
      expect(acceptedWhenReady, `${p} was accepted before the instance was ready`).toBe(true);
      expect(status, `${p}\n${output}`).toBe(200);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

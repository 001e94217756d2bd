/** Child processes of the measuring scripts (bench, load): started on free loopback ports, stopped on exit. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const START_TIMEOUT_MS = 180_000;

const children: ChildProcess[] = [];
export function stopChildren() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function start(command: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  children.push(child);
  return { child, output: () => output };
}

export async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Load for the bench from a process of its own, so the client never shares the server's CPU budget in one
 * event loop: wrk (Debian's package) when it is installed, else a Node child process keeping `connections`
 * keep-alive connections busy that reads each answer's bytes without decompressing them. Also the CPU time
 * of a process (from /proc), to report CPU per answer beside requests per second.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export type LoadResult = { answers: number; failed: number; seconds: number; tool: 'wrk' | 'node' };

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
export const loadTool: LoadResult['tool'] = hasWrk ? 'wrk' : 'node';

/** A Node client of `connections` keep-alive connections, printing {answers, failed, seconds} as JSON. */
const NODE_CLIENT = `
import http from 'node:http';
const [url, connections, seconds, headers] = [process.env.LOAD_URL, Number(process.env.LOAD_CONNECTIONS), Number(process.env.LOAD_SECONDS), JSON.parse(process.env.LOAD_HEADERS)];
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let answers = 0, failed = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
const one = () => new Promise((resolve) => {
  http.get(url, { agent, headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => { if (res.statusCode >= 200 && res.statusCode < 400) answers++; else failed++; resolve(); });
  }).on('error', () => { failed++; resolve(); });
});
await Promise.all(Array.from({ length: connections }, async () => { while (performance.now() < deadline) await one(); }));
console.log(JSON.stringify({ answers, failed, seconds: (performance.now() - started) / 1000 }));
agent.destroy();
`;

function parseWrk(output: string): Omit<LoadResult, 'tool'> {
  const total = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output);
  if (!total) throw new Error(`wrk printed no totals:\n${output}`);
  const unit = total[3] === 'ms' ? 0.001 : total[3] === 'm' ? 60 : 1;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { answers: Number(total[1]) - non2xx, failed: non2xx + socketErrors, seconds: Number(total[2]) * unit };
}

/** Keeps `connections` connections asking for `url` for `seconds`, from another process. */
export async function load(
  url: string,
  options: { seconds: number; connections: number; headers: Record<string, string> },
): Promise<LoadResult> {
  if (hasWrk) {
    const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const output = await run('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, ...headerArgs, url], {});
    return { ...parseWrk(output), tool: 'wrk' };
  }
  const output = await run(process.execPath, ['--input-type=module', '-e', NODE_CLIENT], {
    LOAD_URL: url,
    LOAD_CONNECTIONS: String(options.connections),
    LOAD_SECONDS: String(options.seconds),
    LOAD_HEADERS: JSON.stringify(options.headers),
  });
  return { ...(JSON.parse(output.trim().split('\n').at(-1)!) as Omit<LoadResult, 'tool'>), tool: 'node' };
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`))));
  });
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields after the name: state is the 3rd field of the line, utime the 14th and stime the 15th
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

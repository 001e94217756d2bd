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

export type OpenLoopResult = {
  sent: number;
  ok: number;
  /** 503 answers carrying Retry-After */
  shed: number;
  /** other answers: 503 without Retry-After, 4xx, 5xx */
  otherStatus: number;
  /** requests the client gave up on (it closed the connection) after `timeoutMs` */
  gaveUp: number;
  errors: number;
  seconds: number;
  /** answer times of the 200s, ms */
  p50: number;
  p95: number;
};

/**
 * An open-loop client: sends `rate` requests a second on a fixed schedule whatever the answers (each on a
 * connection of its own), and gives up on any request not answered within `timeoutMs`, closing its connection
 * as a visitor who leaves does. Prints its counts as JSON.
 */
const OPEN_LOOP_CLIENT = `
import http from 'node:http';
const [url, rate, seconds, timeoutMs, headers] = [process.env.LOAD_URL, Number(process.env.LOAD_RATE), Number(process.env.LOAD_SECONDS), Number(process.env.LOAD_TIMEOUT_MS), JSON.parse(process.env.LOAD_HEADERS)];
const counts = { sent: 0, ok: 0, shed: 0, otherStatus: 0, gaveUp: 0, errors: 0 };
const times = [];
let open = 0;
const started = performance.now();
const one = (n) => {
  open++;
  counts.sent++;
  const at = performance.now();
  let settled = false;
  const done = (kind) => { if (settled) return; settled = true; open--; counts[kind]++; };
  const req = http.get(url.replace('{n}', String(n)), { agent: false, headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => {
      if (res.statusCode === 200) { times.push(performance.now() - at); done('ok'); }
      else if (res.statusCode === 503 && res.headers['retry-after']) done('shed');
      else done('otherStatus');
    });
    res.on('error', () => done('errors'));
  });
  req.on('error', () => done('errors'));
  const timer = setTimeout(() => { if (!settled) { done('gaveUp'); req.destroy(); } }, timeoutMs);
  req.on('close', () => clearTimeout(timer));
};
let n = 0;
await new Promise((resolve) => {
  const tick = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    const due = Math.min(Math.floor(elapsed * rate), Math.floor(seconds * rate));
    while (n < due) one(n++);
    if (elapsed >= seconds) { clearInterval(tick); resolve(); }
  }, 5);
});
while (open > 0) await new Promise((resolve) => setTimeout(resolve, 20));
times.sort((a, b) => a - b);
const at = (q) => times.length ? times[Math.min(times.length - 1, Math.floor(times.length * q))] : 0;
console.log(JSON.stringify({ ...counts, seconds: (performance.now() - started) / 1000, p50: at(0.5), p95: at(0.95) }));
`;

/** Sends `rate` requests a second to `url` (`{n}` numbered) for `seconds`, from another process, open loop. */
export async function openLoop(
  url: string,
  options: { rate: number; seconds: number; timeoutMs: number; headers: Record<string, string> },
): Promise<OpenLoopResult> {
  const output = await run(process.execPath, ['--input-type=module', '-e', OPEN_LOOP_CLIENT], {
    LOAD_URL: url,
    LOAD_RATE: String(options.rate),
    LOAD_SECONDS: String(options.seconds),
    LOAD_TIMEOUT_MS: String(options.timeoutMs),
    LOAD_HEADERS: JSON.stringify(options.headers),
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as OpenLoopResult;
}

/** Resident memory of a process in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) / 1024;
}

export const hasNginx = spawnSync('nginx', ['-v']).error === undefined;

/**
 * The nginx configuration that answers `/<file>` from `dir` byte for byte with `headers` (the shop's own
 * answer's headers; nginx adds its Server, Date, Last-Modified and Accept-Ranges), one worker, no master.
 */
export function nginxConfig(options: { dir: string; prefix: string; port: number; file: string; headers: Record<string, string> }): string {
  const quoted = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  const { 'content-type': type = 'application/octet-stream', ...rest } = options.headers;
  return `daemon off;
master_process off;
worker_processes 1;
pid ${options.prefix}/nginx.pid;
error_log ${options.prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  etag off;
  server_tokens off;
  keepalive_requests 1000000;
  client_body_temp_path ${options.prefix}/body;
  proxy_temp_path ${options.prefix}/proxy;
  fastcgi_temp_path ${options.prefix}/fastcgi;
  uwsgi_temp_path ${options.prefix}/uwsgi;
  scgi_temp_path ${options.prefix}/scgi;
  types { }
  default_type ${quoted(type)};
  server {
    listen 127.0.0.1:${options.port};
    root ${options.dir};
    location = /${options.file} {
${Object.entries(rest)
  .map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`)
  .join('\n')}
    }
  }
}
`;
}

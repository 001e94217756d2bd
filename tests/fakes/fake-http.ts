import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake provider's handler sees of a request, and how it answers. */
export type FakeRequest = { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string };
export type FakeAnswer = { status: number; body: string; headers?: Record<string, string> };

export const json = (status: number, value: unknown): FakeAnswer => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});
export const html = (body: string): FakeAnswer => ({ status: 200, body, headers: { 'content-type': 'text/html; charset=utf-8' } });
export const redirect = (location: string): FakeAnswer => ({ status: 303, body: '', headers: { location } });

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A loopback HTTP server for a fake provider: every request is read whole and answered by `handle`. */
export async function startFakeServer(
  handle: (request: FakeRequest) => Promise<FakeAnswer>,
  port = 0,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let answer: FakeAnswer;
    try {
      answer = await handle({
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake.invalid'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
    } catch (error) {
      answer = json(500, { error: { message: error instanceof Error ? error.message : String(error) } });
    }
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Form fields as Stripe's SDK writes them (`a[b][0][c]=1`), as nested objects and arrays. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

function arraysOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arraysOf(v)] as const);
  if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

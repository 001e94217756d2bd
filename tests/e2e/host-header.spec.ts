import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

/**
 * A forged Host or X-Forwarded-Host never reaches a page: every absolute address a page writes (canonical, Open
 * Graph, structured data, breadcrumbs) comes from PUBLIC_URL, so neither the forged answer nor a later visitor's page
 * (which the page cache may serve from what the forged request rendered) names the forged host.
 */

const FORGED = 'evil.example';
// every page kind: home, text page (breadcrumbs section), catalog, product, blog category, article
const PAGES = ['/', '/about', '/catalogs/clothing', '/products/linen-shirt', '/blog', '/blog/how-to-care-for-linen'];

/** GET `path` from the e2e server with `headers` exactly as given (fetch would not let a Host header through). */
function rawGet(baseURL: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const base = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const FORGERIES: Record<string, string>[] = [
  { host: FORGED },
  { 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https' },
  { host: FORGED, 'x-forwarded-host': FORGED },
];

for (const forgery of FORGERIES) {
  test(`pages never name a forged host (${Object.keys(forgery).join(' + ')})`, async ({ baseURL }) => {
    const own = new URL(baseURL!);
    for (const path of PAGES) {
      const forged = await rawGet(baseURL!, path, { host: own.host, ...forgery, accept: 'text/html' });
      expect(forged.body, `${path} answered to the forged request`).not.toContain(FORGED);
      // a later visitor: served by the page cache from what the forged request may have rendered
      for (let visit = 0; visit < 2; visit += 1) {
        const later = await rawGet(baseURL!, path, { host: own.host, accept: 'text/html' });
        expect(later.status, path).toBe(200);
        expect(later.body, `${path} after a forged request`).not.toContain(FORGED);
        expect(later.body, path).toContain(`${baseURL}${path === '/' ? '' : path}`);
      }
    }
  });
}

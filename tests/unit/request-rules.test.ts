import { describe, expect, it } from 'vitest';
import {
  decideRequest,
  isCacheablePath,
  isMalformedPath,
  isSuspiciousPath,
  lowerCasePath,
  normalizeRedirectTarget,
} from '../../src/lib/request-rules';

const noRedirects = async () => null;
const decide = (path: string, find: (p: string) => Promise<string | null> = noRedirects) =>
  decideRequest(new URL(`http://shop.test${path}`), find);

describe('request rules (spec 2.2)', () => {
  it('redirects upper-case paths to lower case with 301, keeping the query', async () => {
    expect(await decide('/Catalogs/Shoes?page=2&Sort=title')).toEqual({
      kind: 'redirect',
      location: '/catalogs/shoes?page=2&Sort=title',
      status: 301,
    });
  });

  it('applies every rule in one hop: letter case, trailing slash, stored redirects and the fixed ones', async () => {
    const redirect = (location: string) => ({ kind: 'redirect', location, status: 301 });
    expect(await decide('/About/?x=1')).toEqual(redirect('/about?x=1'));
    expect(await decide('/Account/')).toEqual(redirect('/account/settings'));
    expect(await decide('/Admin')).toEqual(redirect('/admin/'));
    expect(await decide('/Admin/')).toEqual(redirect('/admin/'));
    const find = async (p: string) => (p === '/old-shop' ? 'catalogs/clothing' : null);
    expect(await decide('/Old-Shop', find)).toEqual(redirect('/catalogs/clothing'));
    expect(await decide('/old-shop/', find)).toEqual(redirect('/catalogs/clothing'));
  });

  it('keeps the case of password reset tokens', async () => {
    expect(await decide('/reset_password_confirm/AbC-dEf')).toEqual({ kind: 'next' });
  });

  it.each([
    '/.env',
    '/.git/config',
    '/.well-known/security.txt',
    '/wp-admin',
    '/wp-admin/setup.php',
    '/wp-content/uploads/x',
    '/wp-includes/x.js',
    '/cgi-bin/test',
    '/config.yml',
    '/backup.sql',
    '/index.php',
    '/site.bak',
    '/_ignition/execute-solution',
    '/_profiler/phpinfo',
  ])('sends the suspicious path %s to /404', async (path) => {
    expect(isSuspiciousPath(path)).toBe(true);
    expect(await decide(path)).toEqual({ kind: 'not-found', reason: 'suspicious' });
  });

  it.each(['/', '/about', '/catalogs/shoes', '/products/linen-shirt', '/blog/how-to-choose'])(
    'lets the ordinary path %s through',
    async (path) => {
      expect(isSuspiciousPath(path)).toBe(false);
      expect(await decide(path)).toEqual({ kind: 'next' });
    },
  );

  it('answers a stored redirect with 301, adding a leading slash', async () => {
    const find = async (p: string) => (p === '/old-shop' ? 'catalogs/clothing' : null);
    expect(await decide('/old-shop', find)).toEqual({ kind: 'redirect', location: '/catalogs/clothing', status: 301 });
  });

  it('keeps absolute redirect targets as they are', () => {
    expect(normalizeRedirectTarget('https://example.com/x')).toBe('https://example.com/x');
    expect(normalizeRedirectTarget('/a')).toBe('/a');
  });

  it('strips a trailing slash with 301 when no stored redirect exists', async () => {
    expect(await decide('/about/?x=1')).toEqual({ kind: 'redirect', location: '/about?x=1', status: 301 });
  });

  it('prefers a stored redirect over the trailing-slash rule', async () => {
    const find = async (p: string) => (p === '/sale/' ? '/catalogs/shoes' : null);
    expect(await decide('/sale/', find)).toEqual({ kind: 'redirect', location: '/catalogs/shoes', status: 301 });
  });

  it('redirects /admin to /admin/ and /account to /account/settings', async () => {
    expect(await decide('/admin')).toEqual({ kind: 'redirect', location: '/admin/', status: 301 });
    expect(await decide('/account')).toEqual({ kind: 'redirect', location: '/account/settings', status: 301 });
  });

  it('does not touch API, asset and media paths', async () => {
    const find = async () => '/somewhere';
    for (const p of ['/api/Products/X', '/_astro/App.B1x.js', '/media/demo/A.jpg']) {
      expect(await decide(p, find)).toEqual({ kind: 'next' });
    }
  });

  it.each(['/%E0%A4%A', '/about%00', '/a%0Ab', '//evil.test', '//evil.test/', `/${'a'.repeat(2001)}`])(
    'sends the malformed path %s to /404 before any redirect',
    async (path) => {
      expect(isMalformedPath(path)).toBe(true);
      expect(await decide(path, async () => '/somewhere')).toEqual({ kind: 'not-found', reason: 'malformed' });
    },
  );

  it('never answers a protocol-relative redirect', async () => {
    for (const path of ['//Evil.test', '//evil.test/', '/\\evil.test/']) {
      const decision = await decide(path);
      if (decision.kind === 'redirect') expect(decision.location.startsWith('//')).toBe(false);
    }
  });

  it('lets percent-encoded lower-case Cyrillic paths through and lower-cases upper-case ones', async () => {
    expect(isMalformedPath('/%D0%BE-%D0%BD%D0%B0%D1%81')).toBe(false);
    expect(await decide('/%D0%BE-%D0%BD%D0%B0%D1%81')).toEqual({ kind: 'next' });
    expect(lowerCasePath('/%D0%9E-%D0%BD%D0%B0%D1%81/Shoes%2FX')).toBe('/%D0%BE-%D0%BD%D0%B0%D1%81/shoes%2Fx');
    expect(await decide('/%D0%9E-%D0%BD%D0%B0%D1%81?Q=1')).toEqual({
      kind: 'redirect',
      location: '/%D0%BE-%D0%BD%D0%B0%D1%81?Q=1',
      status: 301,
    });
  });

  it('does not look up redirects for the liveness check', async () => {
    expect(await decide('/liveness', async () => '/elsewhere')).toEqual({ kind: 'next' });
  });

  it('lets only built assets, media and fonts be cached', () => {
    for (const path of ['/_astro/page.B1x.js', '/media/demo/a.jpg', '/assets/fonts/montserrat/montserrat-latin-400-normal.woff2']) {
      expect(isCacheablePath(path), path).toBe(true);
    }
    for (const path of ['/', '/about', '/api/config', '/sitemap.xml', '/robots.txt', '/assets/other.js', '/liveness']) {
      expect(isCacheablePath(path), path).toBe(false);
    }
  });
});

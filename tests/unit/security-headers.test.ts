import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseSecurityHeaders, contentSecurityPolicy, islandStyleInHead, withSecurityHeaders } from '../../src/server/security-headers';

const options = { publicUrl: 'http://localhost:4321', previewOrigins: ['https://admin.example.com'], extraSources: [] };
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('sets nosniff, a referrer policy and a permissions policy; HSTS only for an https shop', () => {
    const plain = baseSecurityHeaders(options);
    expect(plain).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
    expect(plain['permissions-policy']).toContain('camera=()');
    // features Chromium does not know are a console warning on every page
    expect(plain['permissions-policy']).not.toMatch(/bluetooth|interest-cohort/);
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(baseSecurityHeaders({ ...options, publicUrl: 'https://shop.example' })['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("allows the page's inline scripts by hash, including the owner's custom code, and no others", () => {
    const owner = "window.dataLayer=[];console.log('owner')";
    const html = `<html><head><script>${owner}</script><script type="module" src="/_astro/page.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script></head><body><script>var x = 1;</script></body></html>`;
    const script = directive(contentSecurityPolicy(html, options), 'script-src');
    expect(script).toContain(sha(owner));
    expect(script).toContain(sha('var x = 1;'));
    expect(script).not.toContain(sha('{"@type":"Thing"}'));
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).toContain("'self'");
    expect(contentSecurityPolicy(html, options)).toContain("script-src-attr 'none'");
  });

  it('allows external scripts and frames the page itself includes, the video players and analytics', () => {
    const html = `<script async src="https://widget.example.net/chat.js"></script><iframe src="https://maps.example.org/embed?x=1"></iframe>`;
    const policy = contentSecurityPolicy(html, options);
    expect(directive(policy, 'script-src')).toContain('https://widget.example.net');
    expect(directive(policy, 'script-src')).toContain('https://mc.yandex.ru');
    expect(directive(policy, 'frame-src')).toContain('https://maps.example.org');
    for (const player of [
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://rutube.ru',
      'https://vk.com',
      'https://kinescope.io',
    ]) {
      expect(directive(policy, 'frame-src')).toContain(player);
    }
  });

  it("lets only the shop and the preview's admin origins frame it, and refuses plugins", () => {
    const policy = contentSecurityPolicy('<p>hi</p>', options);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self' https://admin.example.com");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  it('puts the policy on HTML answers only, and the other headers on every answer', async () => {
    const page = await withSecurityHeaders(
      new Response('<script>a()</script>', { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      options,
    );
    expect(page.headers.get('content-security-policy')).toContain(sha('a()'));
    expect(await page.text()).toBe('<script>a()</script>');
    const json = await withSecurityHeaders(Response.json({ ok: true }, { status: 201 }), options);
    expect(json.status).toBe(201);
    expect(json.headers.get('content-security-policy')).toBeNull();
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("moves Astro's island style from the body into the head, where HTML allows it", async () => {
    const rule = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    const html = `<html><head><title>x</title></head><body><p>a</p>${rule}<script>1</script><astro-island></astro-island></body></html>`;
    expect(islandStyleInHead(html)).toBe(
      `<html><head><title>x</title>${rule}</head><body><p>a</p><script>1</script><astro-island></astro-island></body></html>`,
    );
    expect(islandStyleInHead('<html><head></head><body><p>no islands</p></body></html>')).toBe(
      '<html><head></head><body><p>no islands</p></body></html>',
    );
    const answer = await withSecurityHeaders(new Response(html, { headers: { 'content-type': 'text/html' } }), options);
    const sent = await answer.text();
    expect(sent.indexOf(rule)).toBeLessThan(sent.indexOf('</head>'));
  });
});

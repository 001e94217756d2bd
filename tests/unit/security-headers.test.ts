import { createHash } from 'node:crypto';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { describe, expect, it } from 'vitest';
import { trackingIdsOf } from '../../src/lib/analytics';
import { CHECKOUT_GATE_SCRIPT } from '../../src/lib/inline-scripts';
import { STRICT_POLICY_SOURCES } from '../../src/server/policy-sources';
import {
  baseSecurityHeaders,
  codeSources,
  contentSecurityPolicy,
  withSecurityHeaders,
  type PolicySources,
} from '../../src/server/security-headers';

const options = { publicUrl: 'http://localhost:4321', previewOrigins: ['https://admin.example.com'], extraSources: [] };
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
const sources = (change: Partial<PolicySources> = {}): PolicySources => ({ ...STRICT_POLICY_SOURCES, ...change });

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

  it("allows the shop's own inline scripts by hash and nothing a page happens to contain", async () => {
    const script = directive(contentSecurityPolicy(sources(), options), 'script-src');
    expect(script).toContain(sha(islandScript));
    expect(script).toContain(sha(CHECKOUT_GATE_SCRIPT));
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).toContain("'self'");
    expect(contentSecurityPolicy(sources(), options)).toContain("script-src-attr 'none'");
    // an injected script in the page changes nothing: the page is never read
    const injected = 'window.__owned = true';
    const page = await withSecurityHeaders(
      new Response(`<p>hi</p><script>${injected}</script><script src="https://evil.example/x.js"></script>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
      options,
      async () => sources(),
    );
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).not.toContain(sha(injected));
    expect(policy).not.toContain('evil.example');
  });

  it('lets the player scripts of the video services in use run, no others; media only from the shop', () => {
    const none = contentSecurityPolicy(sources(), options);
    for (const origin of ['https://www.youtube.com', 'https://player.vimeo.com', 'https://player.kinescope.io', 'https://vk.com'])
      expect(directive(none, 'script-src')).not.toContain(origin);
    const used = directive(contentSecurityPolicy(sources({ videoSources: ['vk', 'youtube', 'rutube'] }), options), 'script-src');
    expect(used).toContain('https://www.youtube.com');
    expect(used).toContain('https://vk.com');
    expect(used).not.toContain('https://player.vimeo.com');
    expect(directive(none, 'media-src')).toBe("media-src 'self' blob:");
  });

  it("allows the owner's custom code by the hashes and origins computed when it was saved", () => {
    const owner = "window.dataLayer=[];console.log('owner')";
    const code = codeSources(
      `<script>${owner}</script><script async src="https://widget.example.net/chat.js"></script>
       <script type="application/ld+json">{"@type":"Thing"}</script><link rel="stylesheet" href="https://fonts.example.com/a.css">`,
    );
    expect(code).toEqual({
      scriptHashes: [sha(owner)],
      scriptOrigins: ['https://widget.example.net'],
      styleOrigins: ['https://fonts.example.com'],
    });
    const policy = contentSecurityPolicy(sources({ code }), options);
    expect(directive(policy, 'script-src')).toContain(sha(owner));
    expect(directive(policy, 'script-src')).toContain('https://widget.example.net');
    expect(directive(policy, 'style-src')).toContain('https://fonts.example.com');
  });

  it('allows an analytics provider only while its id is set; connections and forms go to the shop and the payment providers', () => {
    const none = contentSecurityPolicy(sources(), options);
    expect(directive(none, 'script-src')).not.toContain('googletagmanager');
    expect(directive(none, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(none, 'form-action')).toBe("form-action 'self'");
    const configured = contentSecurityPolicy(
      sources({
        tracking: trackingIdsOf({ googleTagManager: 'GTM-OWNER', yandexMetrika: '123' }),
        paymentOrigins: ['https://checkout.stripe.com'],
      }),
      options,
    );
    expect(directive(configured, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(configured, 'script-src')).toContain('https://mc.yandex.ru');
    expect(directive(configured, 'script-src')).not.toContain('connect.facebook.net');
    expect(directive(configured, 'connect-src')).toContain('https://checkout.stripe.com');
    expect(directive(configured, 'connect-src')).not.toContain('https:;');
    expect(directive(configured, 'form-action')).toBe("form-action 'self' https://checkout.stripe.com");
  });

  it("lets only the shop and the preview's admin origins frame it, and refuses plugins", () => {
    const policy = contentSecurityPolicy(sources(), options);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self' https://admin.example.com");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  it('puts the policy on HTML answers only, and the other headers on every answer', async () => {
    let asked = 0;
    const read = async () => ((asked += 1), sources());
    const page = await withSecurityHeaders(
      new Response('<p>a</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      options,
      read,
    );
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toBe('<p>a</p>');
    const json = await withSecurityHeaders(Response.json({ ok: true }, { status: 201 }), options, read);
    expect(json.status).toBe(201);
    expect(json.headers.get('content-security-policy')).toBeNull();
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asked).toBe(1);
  });
});

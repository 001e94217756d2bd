import { expect, test, type Page } from '@playwright/test';

/**
 * Security headers on the built server: every answer carries them (also a page served again from the page cache),
 * and pages run under their Content-Security-Policy without a single violation.
 */

const PAGES = [
  '/',
  '/catalogs/clothing',
  '/products/linen-shirt',
  '/about',
  '/blog',
  '/blog/how-to-care-for-linen',
  '/cart',
  '/checkout',
  '/search?q=linen',
];

/** CSP violations the page reports from now on. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  return violations;
}

test('pages, the API and images carry the security headers, also when a page comes from the cache', async ({ request }) => {
  for (const path of ['/', '/', '/products/linen-shirt', '/products/linen-shirt']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(response.status()).toBe(200);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // inline scripts run by their hashes, never by 'unsafe-inline' (the runs below show each page's scripts pass)
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
  const api = await request.get('/api/config');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['content-security-policy']).toBeUndefined();
});

for (const path of PAGES) {
  test(`${path} runs under its policy without violations`, async ({ page }) => {
    const violations = await collectViolations(page);
    await page.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBeTruthy();
    expect(violations).toEqual([]);
  });
}

test('an inline script that is not part of the page is refused', async ({ page }) => {
  const violations = await collectViolations(page);
  await page.goto('/about', { waitUntil: 'networkidle' });
  const ran = await page.evaluate(async () => {
    const injected = document.createElement('img');
    injected.setAttribute('onerror', 'window.__injected = true');
    // the attribute's handler, had it been allowed, runs before this listener (registered after it)
    const failed = new Promise((resolve) => injected.addEventListener('error', resolve));
    injected.src = 'data:,not-an-image';
    document.body.append(injected);
    await failed;
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

// Markup injected into a page by any way (a field that escaped cleaning, a proxy, a stored value from before) runs
// nothing: the policy comes from what the shop means to emit, so a <script> it did not write has no hash in it.
for (const path of [...PAGES, '/payment?order=none']) {
  test(`${path}: an injected inline script in the served HTML is refused`, async ({ page }) => {
    const violations = await collectViolations(page);
    // every document the visit loads (the checkout with an empty cart goes on to the cart)
    await page.route(
      () => true,
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const body = (await response.text()).replace(
          '</body>',
          '<script>window.__injected = true</script><img src="data:," onerror="window.__injectedHandler = true"></body>',
        );
        await route.fulfill({ response, body });
      },
    );
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy']).toBeTruthy();
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __injected?: boolean; __injectedHandler?: boolean };
      return w.__injected === true || w.__injectedHandler === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });
}

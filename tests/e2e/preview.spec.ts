import { expect, test, type Page } from '@playwright/test';
import { E2E_MANAGER, signIn } from './admin-helpers';

/**
 * The admin live preview on the built shop: the builder's actions, sent as the document event, change
 * the homepage at once through the server's re-render (which answers signed-in staff only, so the
 * tests that render sign in as the manager first). The page's own sections are replaced first,
 * so the test does not depend on the demo content.
 */

const send = (page: Page, action: string, payload?: unknown) =>
  page.evaluate(
    ([name, data]) =>
      document.dispatchEvent(new CustomEvent('shop-builder', { detail: { author: 'shop-builder', action: name, payload: data } })),
    [action, payload] as const,
  );

const sectionIds = (page: Page) =>
  page
    .locator('main [data-section-type][id^="section-"]:not([hidden])')
    .evaluateAll((elements) => elements.map((e) => e.id.replace('section-', '')));

const textBlock = (id: string, title: string) => ({
  id,
  type: 'SectionTextBlockBase',
  options: { heading: { title }, content: { html: `<p>${title} text.</p>` } },
});

test.describe('admin live preview', () => {
  test('ordinary visitors do not load the channel', async ({ page }) => {
    const channelScripts: string[] = [];
    page.on('request', (request) => {
      if (/channel/i.test(request.url())) channelScripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).not.toHaveAttribute('data-preview', 'ready');
    expect(channelScripts).toEqual([]);
  });

  test('applies the builder actions to the homepage opened with ?preview=1', async ({ page }) => {
    // (the sign-in form's own session check answers 401 before the sign-in: not one of the preview's errors)
    await signIn(page, E2E_MANAGER);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/?preview=1');
    await expect(page.locator('html')).toHaveAttribute('data-preview', 'ready');

    const slides = ['One', 'Two'].map((title, index) => ({ id: `slide-${index}`, options: { heading: { title } } }));
    await send(page, 'setSections', [
      textBlock('story', 'Our story'),
      {
        id: 'faq',
        type: 'SectionFaq',
        options: { heading: { title: 'Questions' } },
        items: [{ id: 'q1', options: { question: 'Delivery?', answer: '<p>Two days.</p>' } }],
      },
      { id: 'hero', type: 'SectionSlider', items: slides },
    ]);
    await expect(page.locator('#section-story h2')).toHaveText('Our story');
    await expect(page.locator('#section-story')).toHaveAttribute('data-section-type', 'SectionTextBlockBase');
    expect(await sectionIds(page)).toEqual(['story', 'faq', 'hero']);

    // The slider's carousel (a custom element), inserted by the preview, mounts itself.
    const island = page.locator('#section-hero hero-slideshow');
    await expect(island).toHaveCount(1);
    await island.scrollIntoViewIfNeeded();
    await expect(island.locator('[data-slider-ready]')).toBeAttached();

    await send(page, 'updateSection', { id: 'story', options: { heading: { title: 'Live title' } } });
    await expect(page.locator('#section-story h2')).toHaveText('Live title');

    await send(page, 'reorderSection', { from: 0, to: 1 });
    await expect.poll(() => sectionIds(page)).toEqual(['faq', 'story', 'hero']);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await send(page, 'focusSection', { id: 'story' });
    const story = page.locator('#section-story');
    await expect(story).toHaveAttribute('data-preview-focus', '');
    await expect(story).toBeInViewport();
    await expect(story).not.toHaveAttribute('data-preview-focus', '', { timeout: 5000 });

    await send(page, 'focusSection', { id: 'faq', enable: false });
    await expect(page.locator('#section-faq')).toBeHidden();
    await send(page, 'focusSection', { id: 'faq', enable: true });
    await expect(page.locator('#section-faq')).toBeVisible();

    await send(page, 'updateSettings', { styles: { colors: { primary: '#ff0000' } } });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()))
      .toBe('#ff0000');

    expect(errors).toEqual([]);
    await send(page, 'launchRockets', {});
    await expect.poll(() => errors).toContain('Unknown admin action launchRockets');
  });

  test('lets only an allowed origin frame it, obeys the framing builder and tells it when ready', async ({ page, baseURL }) => {
    const shopOrigin = new URL(baseURL!).origin;
    // The shop's own origin is allowed by default; the same server under another host name is another origin.
    const otherOrigin = shopOrigin.replace('127.0.0.1', 'localhost');
    await signIn(page, E2E_MANAGER);
    for (const [builderOrigin, allowed] of [
      [shopOrigin, true],
      [otherOrigin, false],
    ] as const) {
      await page.goto(`${builderOrigin}/admin/`);
      // Every storefront message the builder receives, in order; the probe marks the end of what came before it.
      await page.evaluate(() => {
        const received: unknown[] = [];
        (window as unknown as { received: unknown[] }).received = received;
        window.addEventListener('message', (event) => {
          if (event.data?.author === 'storefront' || event.data?.probe) received.push(event.data);
        });
      });
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.id = 'shop';
        frame.src = src;
        frame.style.cssText = 'width:1200px;height:800px';
        document.body.append(frame);
      }, `${shopOrigin}/`);
      const shop = page.frameLocator('#shop');
      if (!allowed) {
        // The shop's Content-Security-Policy (frame-ancestors: itself and PREVIEW_ORIGINS) refuses to be framed here,
        // so nothing of the shop loads and no message comes from it.
        await expect(shop.locator('header.site-header')).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
        continue;
      }
      await expect(shop.locator('html')).toHaveAttribute('data-preview', 'ready');
      // The ready message is posted before data-preview is set; messages of one window to another arrive in order,
      // so once the frame's later probe has arrived, a ready message would have arrived before it.
      await shop.locator('html').evaluate(() => window.parent.postMessage({ probe: true }, '*'));
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { received: { probe?: boolean }[] }).received.some((m) => m.probe)))
        .toBe(true);
      const received = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
      expect(received[0]).toMatchObject({ author: 'storefront', action: 'ready', payload: { path: '/' } });

      await shop.locator('html').evaluate(() => {
        window.addEventListener('message', (event) => {
          if (event.data?.probe) document.documentElement.dataset['probed'] = 'yes';
        });
      });
      await page.evaluate((target) => {
        const message = {
          author: 'shop-builder',
          action: 'setSections',
          payload: [
            {
              id: 'framed',
              type: 'SectionTextBlockBase',
              options: { heading: { title: 'From the builder' }, content: { html: '<p>Hi</p>' } },
            },
          ],
        };
        const frame = document.querySelector<HTMLIFrameElement>('#shop')!.contentWindow!;
        frame.postMessage(message, target);
        frame.postMessage({ probe: true }, target);
      }, shopOrigin);
      await expect(shop.locator('#section-framed h2')).toHaveText('From the builder');

      // Clicking a section tells the builder to select it (dispatched: the cookie question may cover the page).
      await shop.locator('#section-framed h2').dispatchEvent('click');
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as { received: { action?: string }[] }).received.filter((m) => m.action === 'selectSection'),
          ),
        )
        .toEqual([{ author: 'storefront', action: 'selectSection', payload: { id: 'framed' } }]);
    }
  });

  test('changeRoute leads to the storefront page of the admin route, keeping the preview', async ({ page }) => {
    await page.goto('/?preview=1');
    await expect(page.locator('html')).toHaveAttribute('data-preview', 'ready');
    await send(page, 'changeRoute', { name: 'cart' });
    await page.waitForURL('**/cart?preview=1');
    await expect(page.locator('html')).toHaveAttribute('data-preview', 'ready');
  });

  test('the render endpoint answers signed-in staff only, and JSON only', async ({ page, request }) => {
    const anonymous = await request.post('/_preview/render', { data: { sections: [textBlock('x', 'Hello')] } });
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()['content-type']).toContain('application/json');
    expect(await anonymous.json()).toMatchObject({ success: false, status: 401, message: 'Sign in to the back office' });

    await signIn(page, E2E_MANAGER);
    // the page's request context carries the staff session cookie
    request = page.request;
    const form = await request.post('/_preview/render', { form: { sections: '[]' } });
    expect(form.status()).toBe(415);
    expect(form.headers()['content-type']).toContain('application/json');
    const rendered = await request.post('/_preview/render', { data: { sections: [textBlock('x', 'Hello')] } });
    expect(rendered.status()).toBe(200);
    expect(rendered.headers()['content-type']).toBe('application/json; charset=utf-8');
    const body = await rendered.json();
    expect(body.sections[0].id).toBe('x');
    expect(body.sections[0].html).toContain('id="section-x"');
    expect(body.sections[0].html).toContain('data-section-type="SectionTextBlockBase"');
  });
});

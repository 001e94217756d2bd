/**
 * The README's screenshots, taken from a running shop (the demo shop of `npm start`, built): home, catalog and
 * product at desktop and phone widths, then the product's lightbox, predictive search, the catalog's filters and
 * the cart drawer. `SHOP_URL` (default http://127.0.0.1:4321) names the shop; pictures go to docs/.
 */
import { chromium, type Page } from '@playwright/test';

const base = process.env.SHOP_URL ?? 'http://127.0.0.1:4321';
const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `docs/${name}.png`, fullPage });
  console.log(`docs/${name}.png`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const [device, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    const context = await browser.newContext({ viewport, baseURL: base, deviceScaleFactor: device === 'phone' ? 2 : 1 });
    await context.addInitScript(() => localStorage.setItem('cookieAccept', 'true'));
    const page = await context.newPage();
    for (const [name, path] of [
      ['home', '/'],
      ['catalog', '/catalogs/clothing'],
      ['product', '/products/linen-shirt'],
    ] as const) {
      await page.goto(path);
      await shot(page, `${name}-${device}`);
    }

    // the catalog's filters: Black chosen (its chip above the products), then the sizes with their counts
    await page.goto('/catalogs/clothing');
    const facet = (title: string) => page.locator('details.facet', { has: page.locator('summary', { hasText: title }) });
    const black = facet('Colour').locator('label.filters__value', { hasText: 'Black' }).locator('input');
    if (device === 'desktop') {
      await facet('Colour').locator('summary').click();
      await black.check();
      await page.locator('ul.chips a.chip').first().waitFor();
      await facet('Size').locator('summary').click();
    } else {
      await page.locator('details.filters > summary').click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      await facet('Colour').locator('summary').click();
      await black.check();
      await facet('Size').locator('summary').click();
    }
    await page.waitForTimeout(500);
    await shot(page, `filters-${device}`);

    // predictive search after a misspelt word
    await page.goto('/');
    await page.locator('details[data-search-toggle] > summary').click();
    await page.locator('details[data-search-toggle] input[role="combobox"]').pressSequentially('lnien shi', { delay: 40 });
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor();
    await shot(page, `search-${device}`);

    // the gallery's lightbox
    await page.goto('/products/linen-shirt');
    await page.locator('[data-buy-box-ready] .product-buy').waitFor();
    await page.getByRole('button', { name: 'Open the picture full screen to zoom' }).click();
    await page.locator('.pswp').waitFor();
    await page.waitForTimeout(600);
    await shot(page, `lightbox-${device}`);
    await page.keyboard.press('Escape');

    // the cart drawer after an add
    await page.goto('/products/linen-shirt');
    await page.locator('[data-buy-box-ready] .product-buy').waitFor();
    await page.locator('.product-buy').getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog').locator('.cart-drawer__line').first().waitFor();
    await page.waitForTimeout(600);
    await shot(page, `drawer-${device}`);
    await context.close();
  }
} finally {
  await browser.close();
}

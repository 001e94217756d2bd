import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ErrorPage from '../../src/components/chrome/ErrorPage.astro';
import AccountLayout from '../../src/layouts/AccountLayout.astro';
import BaseLayout from '../../src/layouts/BaseLayout.astro';
import type { Language } from '../../src/lib/localize';
import { image, menuItem, pageContext, shopConfig } from '../helpers/chrome-fixtures';

/** The layouts' head and chrome rendered as a page renders them (spec 2.3, 2.4, 2.5). */

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});

const SETTINGS = {
  common: {
    sitename: { en: 'Northfold', ru: 'Нортфолд' },
    description: 'Considered clothing',
    phones: ['+1 212 555 0147'],
    emails: ['hello@shop.test'],
    whatsapps: ['+12125550147'],
    telegram: 'northfold_shop',
    workTime: { en: 'Mon–Sat 10–20', ru: 'Пн–Сб 10–20' },
    address: '214 Mercer St',
  },
  header: { sendEnquiry: { isShow: true, text: { en: 'Send enquiry', ru: 'Отправить запрос' } } },
  footer: { menuColumns: 3 },
  socials: { instagram: 'https://instagram.com/northfold', twitter: 'https://x.com/northfold' },
  seo: {
    googleVerification: 'google-code',
    yandexVerification: 'yandex-code',
    customCode: '<meta name="owner-code" content="head">',
    customStyle: '.owner { color: red }',
    customCodeFooter: '<div id="owner-footer">footer code</div>',
  },
  styles: { fontFamilyBody: 'Roboto', fontFamilyHeading: 'Oswald', content_width: 1280 },
};

const MENUS = {
  main: [
    menuItem('Shop', '/catalogs/all', [menuItem('Shoes', '/catalogs/shoes', [], 'catalog')], 'catalog'),
    menuItem('Gifts', 'https://gifts.test', [], 'external'),
  ],
  info: [menuItem('Delivery', '/delivery')],
  footer: [
    menuItem('Company', '/about', [menuItem('About us', '/about'), menuItem('Journal', '/blog', [], 'category')]),
    menuItem('Contacts', '/contacts'),
  ],
};

async function render(
  props: Record<string, unknown>,
  options: { lang?: Language; path?: string; settings?: ReturnType<typeof shopConfig> | null; layout?: typeof BaseLayout } = {},
) {
  const lang = options.lang ?? 'en';
  const settings =
    options.settings === undefined
      ? shopConfig(SETTINGS, lang, {
          sharedImage: image({ uri: '/media/shared.jpg' }),
          logo: image({ uri: '/media/logo.webp', width: 400, height: 96 }),
        })
      : options.settings;
  const html = await container.renderToString(options.layout ?? BaseLayout, {
    props: { ctx: pageContext(settings, lang, MENUS), ...props },
    slots: { default: '<p id="page-body">Body</p>' },
    request: new Request(`https://shop.test${options.path ?? '/about/?utm=1'}`),
  });
  return new JSDOM(html).window.document;
}

const meta = (document: Document, key: string) =>
  document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );

describe('page head (spec 2.3)', () => {
  it('has title, description, canonical without query or trailing slash, favicon and language', async () => {
    const document = await render({ title: 'About us | Northfold', description: 'Who we are' });
    expect(document.title).toBe('About us | Northfold');
    expect(meta(document, 'description')).toBe('Who we are');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.test/about');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.ico');
    expect(document.documentElement.lang).toBe('en');
    expect(meta(document, 'robots')).toBeNull();
  });

  it('links the page in every language and x-default; a Russian page keeps ?lang=ru in its canonical', async () => {
    const alternates = (document: Document) =>
      [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]);
    const english = await render({ title: 'About us' });
    expect(alternates(english)).toEqual([
      ['en', 'https://shop.test/about'],
      ['ru', 'https://shop.test/about?lang=ru'],
      ['x-default', 'https://shop.test/about'],
    ]);
    const russian = await render({ title: 'О нас' }, { lang: 'ru', path: '/about?lang=ru&utm=1' });
    expect(russian.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.test/about?lang=ru');
    expect(meta(russian, 'og:url')).toBe('https://shop.test/about?lang=ru');
    expect(alternates(russian)).toEqual(alternates(english));
  });

  it('falls back to "Page not found" without a title, and flags noindex and nofollow', async () => {
    const document = await render({ title: '', noindex: true, nofollow: true });
    expect(document.title).toBe('Page not found');
    expect(meta(document, 'description')).toBeNull();
    expect(meta(document, 'robots')).toBe('noindex, nofollow');
  });

  it('carries Open Graph, Twitter and verification data', async () => {
    const document = await render({ title: 'Linen', description: 'Soft', product: { price: 69, currency: 'USD' } });
    expect(meta(document, 'og:site_name')).toBe('Northfold');
    expect(meta(document, 'og:title')).toBe('Linen');
    expect(meta(document, 'og:type')).toBe('product');
    expect(meta(document, 'og:url')).toBe('https://shop.test/about');
    expect(meta(document, 'og:image')).toBe('https://shop.test/media/shared.jpg?w=1200&h=630&fit=inset&format=jpeg');
    expect(meta(document, 'product:price:amount')).toBe('69.00');
    expect(meta(document, 'product:price:currency')).toBe('USD');
    expect(meta(document, 'twitter:site')).toBe('@northfold');
    expect(meta(document, 'google-site-verification')).toBe('google-code');
    expect(meta(document, 'yandex-verification')).toBe('yandex-code');
  });

  it('adds the Organization on every page and the extra structured data given', async () => {
    const document = await render({
      title: 'T',
      structuredData: [{ '@context': 'https://schema.org', '@type': 'Product', name: 'Linen' }],
    });
    const data = jsonLd(document);
    expect(data[0]).toMatchObject({
      '@type': 'Organization',
      name: 'Northfold',
      logo: 'https://shop.test/media/logo.webp',
      sameAs: ['https://instagram.com/northfold', 'https://x.com/northfold'],
    });
    expect(data[1]).toEqual({ '@context': 'https://schema.org', '@type': 'Product', name: 'Linen' });
  });

  it("includes the owner's custom code in the head, the custom style and the footer code before </body>", async () => {
    const document = await render({ title: 'T' });
    expect(document.head.querySelector('meta[name="owner-code"]')).not.toBeNull();
    expect(document.head.querySelector('style[data-custom-style]')?.textContent).toBe('.owner { color: red }');
    expect(document.body.lastElementChild?.id).toBe('owner-footer');
  });

  it('keeps the custom style inside its style element', async () => {
    const settings = shopConfig({ ...SETTINGS, seo: { customStyle: '.a{} </style><script id="injected">alert(1)</script>' } });
    // jsdom reports the CSS left after the escape as unparsable; that is the point.
    const silenced = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const document = await render({ title: 'T' }, { settings });
    silenced.mockRestore();
    expect(document.getElementById('injected')).toBeNull();
    expect(document.head.querySelector('style[data-custom-style]')?.textContent).toContain('<\\/style>');
  });

  it('applies the theme: custom properties and @font-face rules of the used fonts, the body font preloaded', async () => {
    const document = await render({ title: 'T' });
    const css = [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('--content-width:1280px');
    expect(css).toContain("font-family:'Roboto'");
    expect(css).toContain("font-family:'Oswald'");
    expect(css).not.toContain("font-family:'Montserrat'");
    expect(css).not.toContain('cyrillic');
    expect(document.querySelector('link[rel="preload"][as="font"]')?.getAttribute('href')).toBe(
      '/assets/fonts/roboto/roboto-latin-400-normal.woff2',
    );
  });

  it('serves Russian pages with Cyrillic fonts and the Russian chrome', async () => {
    const document = await render({ title: 'О нас' }, { lang: 'ru' });
    expect(document.documentElement.lang).toBe('ru');
    expect(meta(document, 'og:locale')).toBe('ru_RU');
    expect(meta(document, 'og:site_name')).toBe('Нортфолд');
    const css = [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('/assets/fonts/roboto/roboto-cyrillic-400-normal.woff2');
    expect(document.querySelector('link[rel="preload"][as="font"]')?.getAttribute('href')).toBe(
      '/assets/fonts/roboto/roboto-cyrillic-400-normal.woff2',
    );
    expect(document.querySelector('.skip-link')?.textContent).toBe('Перейти к содержимому');
    expect(document.querySelector('.site-header__worktime')?.textContent).toContain('Пн–Сб 10–20');
  });

  it('still renders a page when the settings could not be loaded', async () => {
    const document = await render({ title: 'T' }, { settings: null });
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Internal server error, tell the administrator');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.ico');
    expect(jsonLd(document)[0]).toMatchObject({ '@type': 'Organization', name: 'Sitename' });
    expect(document.querySelector('#page-body')).not.toBeNull();
  });
});

describe('default layout chrome (spec 2.4)', () => {
  it('has the header with menus, contacts, search, account, cart badge, enquiry button and language switch', async () => {
    const document = await render({ title: 'T' });
    const header = document.querySelector('header.site-header')!;
    expect([...header.querySelectorAll('.main-nav__link')].map((a) => a.textContent?.trim())).toEqual([
      'Shop',
      'Gifts (opens in a new tab)',
    ]);
    expect(header.querySelector('.main-nav__submenu a')?.getAttribute('href')).toBe('/catalogs/shoes');
    expect(header.querySelector('a[href="https://gifts.test"]')?.getAttribute('target')).toBe('_blank');
    expect(header.querySelector('.site-header__info a')?.getAttribute('href')).toBe('/delivery');
    expect(header.querySelector('.site-header__phone')?.getAttribute('href')).toBe('tel:+12125550147');
    expect(header.querySelector('form[role="search"]')?.getAttribute('action')).toBe('/search');
    expect(header.querySelector('form[role="search"] input')?.getAttribute('name')).toBe('q');
    expect(header.querySelector('a[href="/account"]')).not.toBeNull();
    expect(header.querySelector('a[href="/cart"] [data-cart-count]')).not.toBeNull();
    expect(header.querySelector('button[data-lead-form]')?.textContent?.trim()).toBe('Send enquiry');
    const languages = [...header.querySelectorAll('.site-header__bar .language-switch a')];
    expect(languages.map((a) => a.getAttribute('href'))).toEqual(['/about/?utm=1&lang=en', '/about/?utm=1&lang=ru']);
    expect(languages[0]?.getAttribute('aria-current')).toBe('true');
  });

  it('has the mobile menu as a details sheet with the menus, contacts and account', async () => {
    const document = await render({ title: 'T' });
    const menu = document.querySelector('details[data-mobile-menu]')!;
    expect(menu.querySelector('summary')?.getAttribute('aria-label')).toBe('Open menu');
    expect(menu.querySelector('.mobile-menu__group summary')?.textContent).toContain('Shop');
    expect([...menu.querySelectorAll('.mobile-menu__group a')].map((a) => a.getAttribute('href'))).toEqual([
      '/catalogs/all',
      '/catalogs/shoes',
    ]);
    expect([...menu.querySelectorAll('[data-contact]')].map((a) => a.getAttribute('data-contact'))).toEqual([
      'phone',
      'whatsapp',
      'telegram',
    ]);
    expect(menu.querySelector('a[href="/account"]')).not.toBeNull();
    expect(menu.querySelector('button[data-mobile-menu-close]')).not.toBeNull();
  });

  it('hides the account link when showAccount is off', async () => {
    const document = await render(
      { title: 'T' },
      { settings: shopConfig({ ...SETTINGS, common: { ...SETTINGS.common, showAccount: false } }) },
    );
    expect(document.querySelector('a[href="/account"]')).toBeNull();
  });

  it('has the footer menu in the configured number of columns, contacts, socials and copyright', async () => {
    const document = await render({ title: 'T' });
    const footer = document.querySelector('footer.site-footer')!;
    expect(footer.getAttribute('style')).toContain('--footer-columns:3');
    const columns = [...footer.querySelectorAll('.site-footer__column')];
    expect(columns.map((column) => column.querySelector('.site-footer__heading')?.textContent?.trim())).toEqual(['Company', 'Contacts']);
    expect([...columns[0]!.querySelectorAll('li a')].map((a) => a.getAttribute('href'))).toEqual(['/about', '/blog']);
    expect(columns[1]!.querySelector('.site-footer__heading a')?.getAttribute('href')).toBe('/contacts');
    expect(footer.querySelector('a[href="mailto:hello@shop.test"]')).not.toBeNull();
    expect([...footer.querySelectorAll('[data-social]')].map((a) => a.getAttribute('data-social'))).toEqual(['instagram', 'twitter']);
    expect(footer.querySelector('.site-footer__copyright')?.textContent).toBe(
      `© ${new Date().getFullYear()} Northfold. All rights reserved.`,
    );
  });

  it('shows breadcrumbs with BreadcrumbList data when the page gives a trail (spec 2.5)', async () => {
    const document = await render({
      title: 'T',
      breadcrumbs: [
        { title: 'Journal', uri: 'blog' },
        { title: 'Linen care', uri: 'blog/linen-care' },
      ],
    });
    const items = [...document.querySelectorAll('nav.crumbs li')];
    expect(items.map((li) => li.textContent?.trim())).toEqual(['Home', 'Journal', 'Linen care']);
    expect(items.map((li) => li.querySelector('a')?.getAttribute('href') ?? null)).toEqual(['/', '/blog', null]);
    expect(items[2]?.getAttribute('aria-current')).toBe('page');
    expect(jsonLd(document).find((data) => data['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1, item: 'https://shop.test/' },
        { position: 2, item: 'https://shop.test/blog' },
        { position: 3, item: 'https://shop.test/blog/linen-care' },
      ],
    });
  });

  it('shows a single contact channel as one button and several behind a toggle (spec 2.8)', async () => {
    const several = await render({ title: 'T' });
    expect(several.querySelectorAll('details.contact-widget .contact-widget__link')).toHaveLength(3);
    const one = await render({ title: 'T' }, { settings: shopConfig({ common: { phones: ['+1 212 555 0147'] } }) });
    expect(one.querySelector('a.contact-widget__single')?.getAttribute('href')).toBe('tel:+12125550147');
    expect(one.querySelector('details.contact-widget')).toBeNull();
  });
});

describe('account layout (spec 2.4)', () => {
  it('has breadcrumbs, the sidebar greeting without a placeholder name, the account links and logout, never indexed', async () => {
    const document = await render({ title: 'Orders' }, { layout: AccountLayout, path: '/account/orders' });
    expect(meta(document, 'robots')).toBe('noindex, nofollow');
    expect([...document.querySelectorAll('nav.crumbs li')].map((li) => li.textContent?.trim())).toEqual(['Home', 'Account', 'Orders']);
    const sidebar = document.querySelector('.account__sidebar')!;
    // "Your account" until the island knows the first name; never "Hello, Name".
    expect(sidebar.querySelector('[data-greeting-plain]')?.textContent).toBe('Your account');
    expect(sidebar.querySelector<HTMLElement>('[data-greeting-named]')?.hidden).toBe(true);
    expect(sidebar.querySelector('[data-greeting-named]')?.textContent).toBe('Hello, ');
    expect(sidebar.textContent).not.toContain('Name');
    expect([...sidebar.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))).toEqual([
      '/account/orders',
      '/account/settings',
      '/account/wishlist',
    ]);
    expect(sidebar.querySelector('a[href="/account/orders"]')?.getAttribute('aria-current')).toBe('page');
    expect(sidebar.querySelector('button[data-account-logout]')).not.toBeNull();
    expect(sidebar.textContent).not.toContain('Your reviews');
    expect(document.querySelector('.account__content #page-body')).not.toBeNull();
  });
});

describe('error page (spec 2.6)', () => {
  const renderError = async (props: Record<string, unknown>) =>
    new JSDOM(await container.renderToString(ErrorPage, { props, request: new Request('https://shop.test/missing') })).window.document;

  it('shows the 404 title and description with a button home, in the shop chrome', async () => {
    const document = await renderError({ ctx: pageContext(shopConfig(SETTINGS), 'en', MENUS), status: 404 });
    expect(document.title).toBe('Page not found');
    expect(document.querySelector('h1')?.textContent).toBe('Page not found');
    expect(document.querySelector('.error-view__text')?.textContent).toBe('The page you are looking for does not exist or has been moved.');
    expect(document.querySelector('.error-view a.button')?.getAttribute('href')).toBe('/');
    expect(document.querySelector('header.site-header')).not.toBeNull();
    expect(meta(document, 'robots')).toBe('noindex');
  });

  it('shows the default title and the message for other statuses, in Russian too', async () => {
    const english = await renderError({ ctx: pageContext(shopConfig(SETTINGS), 'en', MENUS), status: 500, message: 'Try again later' });
    expect(english.querySelector('h1')?.textContent).toBe('An error occurred');
    expect(english.querySelector('.error-view__text')?.textContent).toBe('Try again later');
    const russian = await renderError({ ctx: pageContext(shopConfig(SETTINGS, 'ru'), 'ru', MENUS), status: 500 });
    expect(russian.querySelector('h1')?.textContent).toBe('Произошла ошибка');
    expect(russian.querySelector('.error-view a.button')?.textContent).toBe('На главную');
  });

  it('falls back to a plain message with a link home when the shop settings cannot be loaded', async () => {
    const document = await renderError({ ctx: null, status: 404 });
    expect(document.body.textContent).toContain('An error occurred while showing the error page');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('/');
    expect(document.querySelector('header')).toBeNull();
  });
});

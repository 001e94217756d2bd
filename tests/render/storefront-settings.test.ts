import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createContainer } from './astro-container';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import SiteHeader from '../../src/components/chrome/SiteHeader.astro';
import BaseLayout from '../../src/layouts/BaseLayout.astro';
import type { SectionDto } from '../../src/lib/api-client';
import type { Language } from '../../src/lib/localize';
import { menuItem, pageContext, shopConfig as chromeConfig } from '../helpers/chrome-fixtures';
import { context, section, texts } from './section-fixtures';
import { listingData, product, renderSectionsAt, shopConfig } from './widget-fixtures';

/**
 * Shop settings that decide how the storefront renders (issue 9): each value of the header, listing and
 * theme settings changes the markup or the styles it points at, and the default keeps today's rendering.
 */

let container: AstroContainer;
beforeAll(async () => {
  container = await createContainer();
});

const COMMON = { phones: ['+1 212 555 0147'], workTime: 'Mon–Sat 10–20', telegram: 'northfold_shop' };
const MENUS = { main: [menuItem('Shop', '/catalogs/all')], info: [menuItem('Delivery', '/delivery')] };

async function header(groups: Record<string, unknown>, lang: Language = 'en') {
  const html = await container.renderToString(SiteHeader, {
    props: { settings: chromeConfig({ common: COMMON, ...groups }, lang), menus: MENUS, lang, sitename: 'Northfold' },
    request: new Request('https://shop.test/'),
  });
  return new JSDOM(html).window.document.querySelector<HTMLElement>('header.site-header')!;
}

async function layout(groups: Record<string, unknown>) {
  const html = await container.renderToString(BaseLayout, {
    props: { ctx: pageContext(chromeConfig(groups), 'en', MENUS), title: 'Shop' },
    slots: { default: '<p>Body</p>' },
    request: new Request('https://shop.test/'),
  });
  return new JSDOM(html).window.document;
}

const inlineCss = (document: Document) => [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('\n');

describe('header.template', () => {
  it('default: the contacts bar above one row of logo, menu and tools', async () => {
    const root = await header({});
    expect(root.classList.contains('site-header--default')).toBe(true);
    expect(root.dataset['template']).toBe('default');
    expect(root.querySelector('.site-header__bar .site-header__phone')?.textContent).toContain('+1 212 555 0147');
    expect(root.querySelector('.site-header__compact-phone')).toBeNull();
  });

  it("centered: marks the header for the centred logo with the menu below; older 'header-2' reads the same", async () => {
    for (const template of ['centered', 'header-2']) {
      const root = await header({ header: { template } });
      expect(root.classList.contains('site-header--centered')).toBe(true);
      expect(root.querySelector('.site-header__bar')).not.toBeNull();
    }
  });

  it('compact: one row without the contacts bar, the phone and language beside the tools', async () => {
    const root = await header({ header: { template: 'compact' } });
    expect(root.classList.contains('site-header--compact')).toBe(true);
    expect(root.querySelector('.site-header__bar')).toBeNull();
    const phone = root.querySelector<HTMLAnchorElement>('.site-header__tools .site-header__compact-phone')!;
    expect(phone.getAttribute('href')).toBe('tel:+12125550147');
    expect(root.querySelector('.site-header__tools .site-header__compact-language')).not.toBeNull();
  });

  it('falls back to the default layout for unknown values', async () => {
    const root = await header({ header: { template: 'header-99' } });
    expect(root.classList.contains('site-header--default')).toBe(true);
  });
});

describe('header.mobileTemplate and header.contactsSize', () => {
  it('marks the phone layout: default or centred logo', async () => {
    expect((await header({})).classList.contains('site-header--mobile-default')).toBe(true);
    const centered = await header({ header: { mobileTemplate: 'centered' } });
    expect(centered.classList.contains('site-header--mobile-centered')).toBe(true);
    expect(centered.classList.contains('site-header--mobile-default')).toBe(false);
  });

  it('sizes the header contacts small, medium (default) or large', async () => {
    expect((await header({})).classList.contains('site-header--contacts-medium')).toBe(true);
    for (const size of ['small', 'large']) {
      const root = await header({ header: { contactsSize: size } });
      expect(root.classList.contains(`site-header--contacts-${size}`)).toBe(true);
      expect(root.classList.contains('site-header--contacts-medium')).toBe(false);
    }
    expect((await header({ header: { contactsSize: 'huge' } })).classList.contains('site-header--contacts-medium')).toBe(true);
  });
});

describe('themes', () => {
  it('current: the colour theme on <html>, its overrides after the palette; none for the default theme', async () => {
    const plain = await layout({ styles: { colors: { background: '#fffaf0' } } });
    expect(plain.documentElement.dataset['theme']).toBe('default');
    expect(inlineCss(plain)).toContain('--color-bg:#fffaf0');
    expect(inlineCss(plain)).not.toContain('data-theme');

    const dark = await layout({ themes: { current: 'dark' }, styles: { colors: { background: '#fffaf0', accent: '#c3643f' } } });
    expect(dark.documentElement.dataset['theme']).toBe('dark');
    const css = inlineCss(dark);
    expect(css).toMatch(/:root\[data-theme="dark"\]\{[^}]*--color-bg:#141414/);
    expect(css).toContain('color-scheme:dark');
    // the brand colours of the palette stay
    expect(css).toContain('--color-accent:#c3643f');
    expect(css.indexOf('--color-bg:#fffaf0')).toBeLessThan(css.indexOf('[data-theme="dark"]'));

    const contrast = await layout({ themes: { current: 'contrast' } });
    expect(contrast.documentElement.dataset['theme']).toBe('contrast');
    expect(inlineCss(contrast)).toMatch(/:root\[data-theme="contrast"\]\{[^}]*--color-text:#000000/);
  });

  it('fonts: only the offered fonts are loaded; a theme font outside them falls back to an offered one', async () => {
    const all = await layout({ styles: { fontFamilyBody: 'Roboto', fontFamilyHeading: 'Oswald' } });
    expect(inlineCss(all)).toContain("font-family:'Roboto'");
    expect(inlineCss(all)).toContain("font-family:'Oswald'");

    const limited = await layout({
      styles: { fontFamilyBody: 'Roboto', fontFamilyHeading: 'Oswald' },
      themes: { fonts: ['Manrope', 'Roboto'] },
    });
    const css = inlineCss(limited);
    expect(css).toContain("font-family:'Roboto'");
    expect(css).not.toContain('Oswald');
    expect(css).toContain("--font-heading:'Manrope'");
    expect(limited.querySelector('link[rel=preload][as=font]')?.getAttribute('href')).toContain('/roboto/');
  });
});

describe('catalog listing settings', () => {
  const page = Array.from({ length: 3 }, (_, i) =>
    product({
      slug: `p${i + 1}`,
      title: `P${i + 1}`,
      properties: [
        { title: 'Material', value: 'Linen' },
        { title: 'Fit', value: 'Loose' },
      ],
    }),
  );
  const facets = {
    price: { min: 10, max: 500 },
    properties: [{ title: 'Material', values: ['Linen', 'Wool'], counts: [4, 5] }],
    options: [],
  };
  const list = (data: Partial<Parameters<typeof listingData>[0]> = {}): SectionDto => ({
    ...section('SectionProductList', {}),
    data: listingData({ total: 9, pages: 3, page: 1, limit: 3, filters: facets, ...data }),
    items: page as unknown as SectionDto['items'],
  });
  const at = (url: string, s: SectionDto, ecommerce: Record<string, unknown> = {}) =>
    renderSectionsAt(url, [s], context({ settings: shopConfig({ ecommerce }) })).then((d) => d.getElementById(`section-${s.id}`)!);

  it('templateListing: a grid of cards by default, one row each for "list" (over the section columns)', async () => {
    const grid = await at('https://shop.example/catalogs/shirts', list());
    expect(grid.querySelector('.products--rows')).toBeNull();
    expect(grid.querySelector('.product-card--row')).toBeNull();
    expect(grid.querySelector('[data-items]')!.getAttribute('style')).toContain('--items-tracks-desktop:repeat(4, minmax(0, 1fr))');

    const withColumns: SectionDto = { ...list(), options: { template: { desktop: { type: 'grid', columns: 3 } } } };
    const rows = await at('https://shop.example/catalogs/shirts', withColumns, { templateListing: 'list' });
    expect(rows.querySelector('[data-items]')!.classList.contains('products--rows')).toBe(true);
    expect(rows.querySelectorAll('.product-card--row')).toHaveLength(3);
    const style = rows.querySelector('[data-items]')!.getAttribute('style')!;
    expect(style).toContain('--items-display-desktop:flex');
    expect(style).toContain('--items-basis-desktop:100%');
    expect(style).toContain('--items-basis-mobile:100%');
  });

  it('filter.template: the filters in the bar above (style-h-1) or in a sidebar, open (style-v-1)', async () => {
    const bar = await at('https://shop.example/catalogs/shirts', list());
    expect(bar.querySelector('.listing__tools details.filters.filters--bar')).not.toBeNull();
    expect(bar.querySelector('.listing__aside')).toBeNull();

    const side = await at('https://shop.example/catalogs/shirts', list(), { filter: { template: 'style-v-1' } });
    expect(side.querySelector('.listing--sidebar')).not.toBeNull();
    const filters = side.querySelector('.listing__aside details.filters.filters--sidebar')!;
    expect(filters.hasAttribute('open')).toBe(true);
    // the sidebar's facets are open sections, the bar's drop-downs folded
    expect([...filters.querySelectorAll('details.facet')].map((d) => d.hasAttribute('open'))).toEqual([true, true]);
    expect([...bar.querySelectorAll('details.facet')].map((d) => d.hasAttribute('open'))).toEqual([false, false]);
    expect(side.querySelector('.listing__tools .filters')).toBeNull();
    expect(side.querySelectorAll('form.filters__form')).toHaveLength(1);
  });

  it('pageNavigationType: page links by default; "loadMore" is one link to the next page with the button text', async () => {
    const pages = await at('https://shop.example/catalogs/shirts?sort=price_asc', list());
    expect(pages.querySelector('nav.pagination')).not.toBeNull();
    expect(pages.querySelector('[data-load-more]')).toBeNull();

    const s = list();
    const more = await at('https://shop.example/catalogs/shirts?sort=price_asc', s, {
      pageNavigationType: 'loadMore',
      btnLoadMore: { text: 'Show more shirts' },
    });
    expect(more.querySelector('nav.pagination')).toBeNull();
    const link = more.querySelector<HTMLAnchorElement>('a[data-load-more]')!;
    expect(link.textContent).toBe('Show more shirts');
    expect(link.getAttribute('href')).toBe('/catalogs/shirts?sort=price_asc&page=2');
    expect(link.getAttribute('rel')).toBe('next');
    expect(link.dataset['loadMore']).toBe(s.id);

    const last = await at('https://shop.example/catalogs/shirts?page=3', list({ page: 3 }), { pageNavigationType: 'loadMore' });
    expect(last.querySelector('[data-load-more]')).toBeNull();
    const russian = await renderSectionsAt(
      'https://shop.example/catalogs/shirts',
      [s],
      context({ lang: 'ru', settings: shopConfig({ ecommerce: { pageNavigationType: 'loadMore' } }, 'ru') }),
    );
    expect(russian.querySelector('[data-load-more]')!.textContent).toBe('Показать ещё');
  });

  it('productDetails.templateInProductList: no properties in cards by default, listed, or in a collapsible', async () => {
    const plain = await at('https://shop.example/catalogs/shirts', list());
    expect(plain.querySelector('.product-card__properties')).toBeNull();

    const listed = await at('https://shop.example/catalogs/shirts', list(), { productDetails: { templateInProductList: 'properties' } });
    const card = listed.querySelector('.product-card')!;
    expect(texts(card, '.product-card__properties dt')).toEqual(['Material', 'Fit']);
    expect(texts(card, '.product-card__properties dd')).toEqual(['Linen', 'Loose']);
    expect(card.querySelector('details')).toBeNull();

    const collapsible = await at('https://shop.example/catalogs/shirts', list(), { productDetails: { templateInProductList: 'details' } });
    const details = collapsible.querySelector('.product-card details.product-card__details')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(texts(details, 'summary')).toEqual(['Details']);
    expect(texts(details, 'dd')).toEqual(['Linen', 'Loose']);
  });
});

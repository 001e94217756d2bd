import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { appendNextPage } from '../../src/components/sections/load-more';
import { settingsGroupFields } from '../../src/lib/settings-form';
import { DEFAULT_SETTINGS, FONTS, parseSettings } from '../../src/lib/settings';

/** The value sets of the storefront's layout settings (issue 9): defaults, older names, lenient fallbacks and the back office's select fields. */
describe('storefront setting choices', () => {
  it('keeps the defaults of before', () => {
    expect(DEFAULT_SETTINGS.header).toMatchObject({ template: 'default', mobileTemplate: 'default', contactsSize: 'medium' });
    expect(DEFAULT_SETTINGS.ecommerce).toMatchObject({
      template: 'default',
      templateListing: 'default',
      previewSizeInItem: '1x1',
      filter: { template: 'style-h-1' },
      pageNavigationType: 'pagination',
      productWidgetRelatedPosition: 'bottom',
      productDetails: { templateInProductList: 'default', templateInProductCard: 'default' },
    });
    expect(DEFAULT_SETTINGS.themes).toEqual({ current: 'default', fonts: [...FONTS] });
  });

  it('reads the names older data stored, and falls back to the default for unknown values', () => {
    const s = parseSettings({
      header: { template: 'header-1', mobileTemplate: 'header-2', contactsSize: 'enormous' },
      ecommerce: {
        template: 'slider',
        pageNavigationType: 'load-more',
        productWidgetRelatedPosition: 'right',
        previewSizeInItem: '16x9',
        filter: { template: 'style-x' },
      },
      themes: { current: 'neon', fonts: ['Roboto', 'Comic Sans', 'Manrope'] },
    });
    expect(s.header).toMatchObject({ template: 'default', mobileTemplate: 'centered', contactsSize: 'medium' });
    expect(parseSettings({ header: { template: 'header-3' } }).header.template).toBe('compact');
    expect(s.ecommerce).toMatchObject({
      template: 'default',
      pageNavigationType: 'loadMore',
      productWidgetRelatedPosition: 'side',
      previewSizeInItem: '1x1',
      filter: { template: 'style-h-1' },
    });
    expect(s.themes).toEqual({ current: 'default', fonts: ['Roboto', 'Manrope'] });
  });

  it('gives the back office a select of each value set', () => {
    const field = (path: string, group: 'ecommerce' | 'header' | 'themes' = 'ecommerce') => {
      let current: unknown = settingsGroupFields(group);
      for (const key of path.split('.')) current = (current as { fields: [string, unknown][] }).fields.find(([name]) => name === key)?.[1];
      return current;
    };
    expect(field('templateListing')).toEqual({ kind: 'choice', options: ['default', 'list'] });
    expect(field('pageNavigationType')).toEqual({ kind: 'choice', options: ['pagination', 'loadMore'] });
    expect(field('productDetails.templateInProductCard')).toEqual({ kind: 'choice', options: ['default', 'details', 'tabs'] });
    expect(field('template', 'header')).toEqual({ kind: 'choice', options: ['default', 'centered', 'compact'] });
    expect(field('current', 'themes')).toEqual({ kind: 'choice', options: ['default', 'dark', 'contrast'] });
    expect(field('fonts', 'themes')).toEqual({ kind: 'choices', options: FONTS });
  });
});

describe('load more', () => {
  const page = (cards: string[], next: string | null) =>
    new JSDOM(`<section id="section-s1"><div data-items>${cards.map((c) => `<div class="items__cell">${c}</div>`).join('')}</div>
      ${next ? `<div class="load-more"><a data-load-more="s1" href="${next}">Load more</a></div>` : ''}</section>`).window.document;

  it("appends the next page's cards of the same section and answers the link to the page after", () => {
    const { window } = new JSDOM('');
    Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/["\\]/g, '\\$&') } });
    const current = page(['P1', 'P2'], '/catalogs/shirts?page=2');
    expect(appendNextPage(current, page(['P3', 'P4'], '/catalogs/shirts?page=3'), 's1')).toBe('/catalogs/shirts?page=3');
    expect([...current.querySelectorAll('.items__cell')].map((c) => c.textContent)).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(appendNextPage(current, page(['P5'], null), 's1')).toBeNull();
    expect(current.querySelectorAll('.items__cell')).toHaveLength(5);
    expect(() => appendNextPage(current, new JSDOM('<p>Error</p>').window.document, 's1')).toThrow();
    window.close();
  });
});

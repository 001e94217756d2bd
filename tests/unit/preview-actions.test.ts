import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACTIONS,
  applyAdminAction,
  emptyPageState,
  isAdminMessage,
  isSectionVisible,
  mergeDeep,
  routeTarget,
  type AdminActionResult,
  type PreviewPageState,
  type PreviewSection,
} from '../../src/lib/preview-actions';

const ORIGIN = 'https://shop.example';

function section(id: string, overrides: Partial<PreviewSection> = {}): PreviewSection {
  return {
    id,
    type: 'SectionTextBlockBase',
    options: { heading: { title: `Title ${id}`, align: 'left' }, content: { html: '<p>Text</p>' } },
    items: [],
    enable: true,
    hidden: false,
    ...overrides,
  };
}

const page = (...ids: string[]) => emptyPageState(ids.map((id) => section(id)));
const ids = (state: PreviewPageState) => state.sections.map((s) => s.id);

function applied(result: AdminActionResult) {
  if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
  return result;
}

function failed(result: AdminActionResult): string {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('admin messages', () => {
  it('are objects written by the shop builder with an action name', () => {
    expect(isAdminMessage({ author: 'shop-builder', action: 'setSections', payload: [] })).toBe(true);
    expect(isAdminMessage({ author: 'shop-builder', action: 'focusSection' })).toBe(true);
    expect(isAdminMessage({ author: 'someone-else', action: 'setSections' })).toBe(false);
    expect(isAdminMessage({ author: 'shop-builder', action: 42 })).toBe(false);
    expect(isAdminMessage({ action: 'setSections' })).toBe(false);
    expect(isAdminMessage('shop-builder')).toBe(false);
    expect(isAdminMessage(null)).toBe(false);
  });

  it('name an unknown action in the error, and a known action with a bad payload changes nothing', () => {
    const state = page('a');
    expect(failed(applyAdminAction(state, { action: 'dance', payload: {} }))).toBe('Unknown admin action dance');
    expect(failed(applyAdminAction(state, { action: 'toString', payload: {} }))).toBe('Unknown admin action toString');
    expect(failed(applyAdminAction(state, { action: 'removeSection', payload: { id: 5 } }))).toMatch(
      /^Invalid payload of admin action removeSection: id: /,
    );
    expect(failed(applyAdminAction(state, { action: 'updateSettings', payload: 'dark' }))).toMatch(
      /^Invalid payload of admin action updateSettings/,
    );
    expect(state).toEqual(page('a'));
  });

  it('cover the actions of the spec', () => {
    expect(ADMIN_ACTIONS).toEqual(
      expect.arrayContaining([
        'updateStore',
        'updateSettings',
        'updateMenus',
        'updatePageOptions',
        'setSections',
        'updateSection',
        'addSection',
        'removeSection',
        'reorderSection',
        'addSectionItem',
        'removeSectionItem',
        'updateSectionItem',
        'focusSection',
        'changeRoute',
      ]),
    );
  });
});

describe('mergeDeep', () => {
  it('merges objects key by key and replaces arrays and plain values', () => {
    const base = { common: { sitename: 'Old', phones: ['1', '2'] }, styles: { colors: { primary: '#000', accent: '#111' } } };
    const merged = mergeDeep(base, { common: { phones: ['3'] }, styles: { colors: { primary: '#fff' } }, seo: { robots: 'x' } });
    expect(merged).toEqual({
      common: { sitename: 'Old', phones: ['3'] },
      styles: { colors: { primary: '#fff', accent: '#111' } },
      seo: { robots: 'x' },
    });
    expect(base.styles.colors.primary).toBe('#000');
  });

  it('ignores keys that would reach the object prototype', () => {
    const merged = mergeDeep({}, JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'));
    expect(merged).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('settings, menus and page options', () => {
  it('updateSettings merges the changes over the settings changed so far', () => {
    let state = applied(
      applyAdminAction(page('a'), { action: 'updateSettings', payload: { styles: { colors: { primary: '#ff0000' } } } }),
    ).state;
    state = applied(
      applyAdminAction(state, {
        action: 'updateSettings',
        payload: { styles: { colors: { accent: '#00ff00' } }, common: { sitename: 'New' } },
      }),
    ).state;
    expect(state.settings).toEqual({ styles: { colors: { primary: '#ff0000', accent: '#00ff00' } }, common: { sitename: 'New' } });
    expect(ids(state)).toEqual(['a']);
  });

  it('updateMenus replaces the named menus and keeps the others', () => {
    let state = applied(
      applyAdminAction(page(), { action: 'updateMenus', payload: { main: [{ title: 'A' }], footer: [{ title: 'F' }] } }),
    ).state;
    state = applied(applyAdminAction(state, { action: 'updateMenus', payload: { main: [{ title: 'B' }] } })).state;
    expect(state.menus).toEqual({ main: [{ title: 'B' }], footer: [{ title: 'F' }] });
    expect(failed(applyAdminAction(state, { action: 'updateMenus', payload: { main: 'not a list' } }))).toMatch(/main/);
  });

  it('updatePageOptions merges over the page options', () => {
    let state = applied(
      applyAdminAction(page(), { action: 'updatePageOptions', payload: { title: 'About', metaTitle: 'About us' } }),
    ).state;
    state = applied(applyAdminAction(state, { action: 'updatePageOptions', payload: { metaTitle: 'About the shop' } })).state;
    expect(state.pageOptions).toEqual({ title: 'About', metaTitle: 'About the shop' });
  });

  it('updateStore applies settings, menus, page options and sections at once', () => {
    const result = applied(
      applyAdminAction(page('a'), {
        action: 'updateStore',
        payload: {
          settings: { common: { sitename: 'S' } },
          menus: { info: [] },
          pageOptions: { title: 'T' },
          sections: [{ id: 'b', type: 'SectionFaq' }],
        },
      }),
    );
    expect(result.state.settings).toEqual({ common: { sitename: 'S' } });
    expect(result.state.menus).toEqual({ info: [] });
    expect(result.state.pageOptions).toEqual({ title: 'T' });
    expect(result.state.sections).toEqual([{ id: 'b', type: 'SectionFaq', options: {}, items: [], enable: true, hidden: false }]);
  });
});

describe('sections', () => {
  it('setSections replaces the list, filling defaults and dropping items without an id', () => {
    const result = applied(
      applyAdminAction(page('a'), {
        action: 'setSections',
        payload: [
          { id: 'b', type: 'SectionFaq', items: [{ id: 'q1', options: { question: 'Why?' } }, { options: {} }, 'junk'], styles: { x: 1 } },
          { id: 'c', type: 'SectionHeadingH1', enable: false },
        ],
      }),
    );
    expect(ids(result.state)).toEqual(['b', 'c']);
    expect(result.state.sections[0]).toEqual({
      id: 'b',
      type: 'SectionFaq',
      options: {},
      items: [{ id: 'q1', options: { question: 'Why?' } }],
      enable: true,
      hidden: false,
      styles: { x: 1 },
    });
    expect(result.state.sections[1]!.enable).toBe(false);
  });

  it('setSections also takes { sections } and refuses duplicate ids and unsafe ids', () => {
    expect(
      ids(applied(applyAdminAction(page(), { action: 'setSections', payload: { sections: [{ id: 'x', type: 'SectionFaq' }] } })).state),
    ).toEqual(['x']);
    expect(
      failed(
        applyAdminAction(page(), {
          action: 'setSections',
          payload: [
            { id: 'x', type: 'T' },
            { id: 'x', type: 'T' },
          ],
        }),
      ),
    ).toBe('Duplicate section x');
    expect(failed(applyAdminAction(page(), { action: 'setSections', payload: [{ id: 'x"><img', type: 'T' }] }))).toMatch(/An id is/);
    expect(failed(applyAdminAction(page(), { action: 'setSections', payload: [{ id: 'x' }] }))).toMatch(/type/);
  });

  it('updateSection merges the change into that section only, keeping the others as they were', () => {
    const state = page('a', 'b');
    const result = applied(
      applyAdminAction(state, { action: 'updateSection', payload: { id: 'b', options: { heading: { title: 'New title' } } } }),
    );
    expect(result.state.sections[1]!.options).toEqual({ heading: { title: 'New title', align: 'left' }, content: { html: '<p>Text</p>' } });
    expect(result.state.sections[0]).toBe(state.sections[0]);
    expect(state.sections[1]!.options['heading']).toEqual({ title: 'Title b', align: 'left' });
  });

  it('updateSection takes { section } too, replaces items as a list, and needs a known section', () => {
    const result = applied(
      applyAdminAction(page('a'), { action: 'updateSection', payload: { section: { id: 'a', hidden: true, items: [{ id: 'i' }, 7] } } }),
    );
    expect(result.state.sections[0]).toMatchObject({ hidden: true, items: [{ id: 'i', options: {} }] });
    expect(isSectionVisible(result.state.sections[0]!)).toBe(false);
    expect(failed(applyAdminAction(page('a'), { action: 'updateSection', payload: { id: 'zzz', options: {} } }))).toBe(
      'Unknown section zzz',
    );
  });

  it('addSection inserts at the index, at the end without one, and refuses an id already on the page', () => {
    const atIndex = applied(
      applyAdminAction(page('a', 'b'), { action: 'addSection', payload: { section: { id: 'n', type: 'SectionFaq' }, index: 1 } }),
    );
    expect(ids(atIndex.state)).toEqual(['a', 'n', 'b']);
    const atEnd = applied(
      applyAdminAction(page('a', 'b'), { action: 'addSection', payload: { section: { id: 'n', type: 'SectionFaq' } } }),
    );
    expect(ids(atEnd.state)).toEqual(['a', 'b', 'n']);
    const beyond = applied(
      applyAdminAction(page('a'), { action: 'addSection', payload: { section: { id: 'n', type: 'SectionFaq' }, index: 99 } }),
    );
    expect(ids(beyond.state)).toEqual(['a', 'n']);
    expect(failed(applyAdminAction(page('a'), { action: 'addSection', payload: { section: { id: 'a', type: 'SectionFaq' } } }))).toBe(
      'Duplicate section a',
    );
    expect(
      failed(applyAdminAction(page('a'), { action: 'addSection', payload: { section: { id: 'n', type: 'SectionFaq' }, index: -1 } })),
    ).toMatch(/index/);
  });

  it('removeSection removes it and names an unknown one', () => {
    expect(ids(applied(applyAdminAction(page('a', 'b', 'c'), { action: 'removeSection', payload: { id: 'b' } })).state)).toEqual([
      'a',
      'c',
    ]);
    expect(failed(applyAdminAction(page('a'), { action: 'removeSection', payload: { id: 'b' } }))).toBe('Unknown section b');
  });

  it('reorderSection moves a section from one position to another', () => {
    expect(ids(applied(applyAdminAction(page('a', 'b', 'c'), { action: 'reorderSection', payload: { from: 0, to: 2 } })).state)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(ids(applied(applyAdminAction(page('a', 'b', 'c'), { action: 'reorderSection', payload: { from: 2, to: 0 } })).state)).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(ids(applied(applyAdminAction(page('a', 'b', 'c'), { action: 'reorderSection', payload: { from: 1, to: 9 } })).state)).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect(failed(applyAdminAction(page('a'), { action: 'reorderSection', payload: { from: 3, to: 0 } }))).toBe('No section at position 3');
    expect(failed(applyAdminAction(page('a'), { action: 'reorderSection', payload: { from: 0.5, to: 0 } }))).toMatch(/from/);
  });

  it('focusSection asks for the section to be shown and keeps it as it is', () => {
    const state = page('a', 'b');
    const result = applied(applyAdminAction(state, { action: 'focusSection', payload: { id: 'b' } }));
    expect(result.focus).toBe('b');
    expect(result.state.sections[1]).toBe(state.sections[1]);
    expect(failed(applyAdminAction(state, { action: 'focusSection', payload: { id: 'c' } }))).toBe('Unknown section c');
  });

  it('focusSection with the enable flag switches the section on or off', () => {
    const off = applied(applyAdminAction(page('a'), { action: 'focusSection', payload: { id: 'a', enable: false } }));
    expect(off.state.sections[0]!.enable).toBe(false);
    expect(isSectionVisible(off.state.sections[0]!)).toBe(false);
    const on = applied(applyAdminAction(off.state, { action: 'focusSection', payload: { id: 'a', enable: true } }));
    expect(on.state.sections[0]!.enable).toBe(true);
    expect(on.focus).toBe('a');
  });
});

describe('section items', () => {
  const withItems = () =>
    emptyPageState([
      section('s', {
        items: [
          { id: 'i1', options: { heading: { title: 'One' } } },
          { id: 'i2', options: { heading: { title: 'Two' } } },
        ],
      }),
    ]);
  const itemIds = (state: PreviewPageState) => state.sections[0]!.items.map((item) => item.id);

  it('addSectionItem inserts at the index or at the end, once per id', () => {
    expect(
      itemIds(
        applied(applyAdminAction(withItems(), { action: 'addSectionItem', payload: { sectionId: 's', item: { id: 'n' }, index: 0 } }))
          .state,
      ),
    ).toEqual(['n', 'i1', 'i2']);
    const added = applied(
      applyAdminAction(withItems(), { action: 'addSectionItem', payload: { sectionId: 's', item: { id: 'n', options: { a: 1 } } } }),
    );
    expect(added.state.sections[0]!.items[2]).toEqual({ id: 'n', options: { a: 1 } });
    expect(failed(applyAdminAction(withItems(), { action: 'addSectionItem', payload: { sectionId: 's', item: { id: 'i1' } } }))).toBe(
      'Duplicate item i1',
    );
    expect(failed(applyAdminAction(withItems(), { action: 'addSectionItem', payload: { sectionId: 'x', item: { id: 'n' } } }))).toBe(
      'Unknown section x',
    );
  });

  it('removeSectionItem removes the item and names an unknown one', () => {
    expect(
      itemIds(applied(applyAdminAction(withItems(), { action: 'removeSectionItem', payload: { sectionId: 's', itemId: 'i1' } })).state),
    ).toEqual(['i2']);
    expect(failed(applyAdminAction(withItems(), { action: 'removeSectionItem', payload: { sectionId: 's', itemId: 'i9' } }))).toBe(
      'Unknown item i9',
    );
    expect(failed(applyAdminAction(withItems(), { action: 'removeSectionItem', payload: { sectionId: 'x', itemId: 'i1' } }))).toBe(
      'Unknown section x',
    );
  });

  it('updateSectionItem merges the change into the item', () => {
    const result = applied(
      applyAdminAction(withItems(), {
        action: 'updateSectionItem',
        payload: { sectionId: 's', item: { id: 'i2', options: { content: { html: 'x' } } } },
      }),
    );
    expect(result.state.sections[0]!.items[1]).toEqual({ id: 'i2', options: { heading: { title: 'Two' }, content: { html: 'x' } } });
    expect(failed(applyAdminAction(withItems(), { action: 'updateSectionItem', payload: { sectionId: 's', item: { id: 'i9' } } }))).toBe(
      'Unknown item i9',
    );
    expect(failed(applyAdminAction(withItems(), { action: 'updateSectionItem', payload: { sectionId: 'x', item: { id: 'i1' } } }))).toBe(
      'Unknown section x',
    );
  });
});

describe('changeRoute', () => {
  const navigate = (payload: unknown) => {
    const result = applied(applyAdminAction(page('a'), { action: 'changeRoute', payload }));
    expect(result.state.sections).toHaveLength(1);
    return routeTarget(result.navigate!, ORIGIN);
  };

  it('maps the admin route names of spec 2.1 to storefront paths', () => {
    expect(navigate({ name: 'homepage' })).toEqual({ url: '/', external: false });
    expect(navigate({ name: 'cart' }).url).toBe('/cart');
    expect(navigate({ name: 'checkout' }).url).toBe('/checkout');
    expect(navigate({ name: 'payment', query: { order: '12' } }).url).toBe('/payment?order=12');
    expect(navigate({ name: 'reset_password_confirm', params: { slug: 'Tok3n' } }).url).toBe('/reset_password_confirm/Tok3n');
    expect(navigate({ name: 'slug', params: { slug: 'about' } }).url).toBe('/about');
    expect(navigate({ name: 'new-page' }).url).toBe('/new-page');
    expect(navigate({ name: 'product', params: { slug: 'red-shirt' } }).url).toBe('/products/red-shirt');
    expect(navigate({ name: 'catalogs-slug', params: { slug: 'shirts' } }).url).toBe('/catalogs/shirts');
    expect(navigate({ name: 'catalogs-new-page' }).url).toBe('/catalogs/new-page');
    expect(navigate({ name: 'category-slug', params: { category: 'blog', slug: 'hello' } }).url).toBe('/blog/hello');
  });

  it('encodes parameters, and sends unknown names and a text page without a slug to the 404 page', () => {
    expect(navigate({ name: 'slug', params: { slug: '../admin?x' } }).url).toBe('/..%2Fadmin%3Fx');
    expect(navigate({ name: 'slug' }).url).toBe('/404');
    expect(navigate({ name: 'somewhere' }).url).toBe('/404');
    expect(navigate({}).url).toBe('/404');
  });

  it("follows an address: the shop's own as a path, another site's as a full redirect, never a script", () => {
    expect(navigate({ path: '/catalogs/shirts?page=2' })).toEqual({ url: '/catalogs/shirts?page=2', external: false });
    expect(navigate({ url: 'https://shop.example/cart#top' })).toEqual({ url: '/cart#top', external: false });
    expect(navigate({ url: 'https://elsewhere.example/promo' })).toEqual({ url: 'https://elsewhere.example/promo', external: true });
    expect(navigate({ url: 'javascript:alert(1)' })).toEqual({ url: '/404', external: false });
    expect(navigate({ path: '//evil.example/x' })).toEqual({ url: 'https://evil.example/x', external: true });
  });
});

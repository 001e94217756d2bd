import { describe, expect, it } from 'vitest';
import type { MenuItemDto, ShopConfigDto } from '../../src/lib/api-client';
import { deliverRemote, invalidate } from '../../src/server/cache/invalidation';
import { keptShell, shellGeneration, type ShellInputs } from '../../src/storefront/kept-shell';

const settings = {} as ShopConfigDto;
const item = (url: string, title: string): MenuItemDto => ({ id: url, title, type: 'page', url, children: [] });
const menus = { main: [item('/catalogs/shirts', 'Shirts')], info: [item('/faq', 'FAQ')] };

/** A stand-in for the header's render: what it shows depends on its inputs and the page's address, as the real one does. */
function header(inputs: Omit<ShellInputs, 'generation'>, url: URL, label = 'Shop') {
  let renders = 0;
  const render = async () => {
    renders += 1;
    const links = ['en', 'ru']
      .map((lang) => {
        const params = new URLSearchParams(url.search);
        params.set('lang', lang);
        return `<a href="${`${url.pathname}?${params}`.replaceAll('&', '&amp;')}">${lang}</a>`;
      })
      .join('');
    const menu = Object.values(inputs.menus)
      .flat()
      .map((entry) => `<a href="${entry.url}"${entry.url === url.pathname ? ' aria-current="page"' : ''}>${entry.title}</a>`)
      .join('');
    return `<header lang="${inputs.lang}">${label}${menu}${links}</header>`;
  };
  return { render, renders: () => renders };
}

const ask = (url: string, inputs: Omit<ShellInputs, 'generation'> = { settings, menus, lang: 'en' }, label?: string) => {
  const address = new URL(url, 'http://shop.test');
  const part = header(inputs, address, label);
  return { ...part, html: keptShell('header', { ...inputs, generation: shellGeneration() }, address, part.render) };
};

describe('kept page shell', () => {
  it('renders the header once per language and fills in each page its own language links', async () => {
    await invalidate(['menus']);
    const first = ask('/products/a?page=2');
    const firstHtml = await first.html;
    expect(first.renders()).toBe(1);
    const second = ask('/products/b?x=1&y="2"');
    const secondHtml = await second.html;
    expect(second.renders()).toBe(0);
    expect(secondHtml).toBe(await header({ settings, menus, lang: 'en' }, new URL('http://shop.test/products/b?x=1&y="2"')).render());
    expect(secondHtml).toContain('href="/products/b?x=1&amp;y=%222%22&amp;lang=ru"');
    expect(secondHtml).not.toContain('/products/a');
    expect(firstHtml).toContain('href="/products/a?page=2&amp;lang=en"');

    const russian = ask('/products/b', { settings, menus, lang: 'ru' });
    expect(await russian.html).toContain('<header lang="ru">');
    expect(russian.renders()).toBe(1);
  });

  it('keeps a copy of its own for a page a menu links to, which marks its link current', async () => {
    await invalidate(['menus']);
    await ask('/products/a').html;
    const faq = ask('/faq');
    expect(await faq.html).toContain('<a href="/faq" aria-current="page">');
    expect(faq.renders()).toBe(1);
    const product = ask('/products/b');
    expect(await product.html).not.toContain('aria-current');
    expect(product.renders()).toBe(0);
  });

  it('renders again after the settings, the menus or everything change, here or on another instance', async () => {
    for (const change of [
      () => invalidate(['settings']),
      () => invalidate(['menus']),
      () => invalidate(['all']),
      () => deliverRemote(['menus']),
    ]) {
      await ask('/faq', undefined, 'Before').html;
      await change();
      const after = ask('/faq', undefined, 'After');
      expect(await after.html).toContain('After');
      expect(after.renders()).toBe(1);
    }
    // a write that names neither keeps it
    await invalidate(['product:a', 'catalog:b', 'delivery']);
    const later = ask('/faq', undefined, 'Later');
    expect(await later.html).toContain('After');
    expect(later.renders()).toBe(0);
  });

  it('does not keep a shell whose settings and menus were read before an invalidation', async () => {
    await invalidate(['menus']);
    const generation = shellGeneration();
    await invalidate(['menus']);
    const address = new URL('http://shop.test/returns');
    const stale = header({ settings, menus, lang: 'en' }, address, 'Stale');
    await keptShell('header', { settings, menus, lang: 'en', generation }, address, stale.render);
    const fresh = ask('/returns', undefined, 'Fresh');
    expect(await fresh.html).toContain('Fresh');
    expect(fresh.renders()).toBe(1);
  });

  it('keeps nothing without settings (an outage notice) or on the search page (its field shows the query)', async () => {
    await invalidate(['menus']);
    for (const [url, inputs] of [
      ['/returns', { settings: null, menus, lang: 'en' }],
      ['/search?q=linen', { settings, menus, lang: 'en' }],
    ] as const) {
      await ask(url, inputs).html;
      const again = ask(url, inputs);
      await again.html;
      expect(again.renders()).toBe(1);
    }
  });
});

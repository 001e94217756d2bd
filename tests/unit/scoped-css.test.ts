import { describe, expect, it } from 'vitest';
import { dropUnrenderedScopes, filterRules, renderedScopes, requiredScopes } from '../../src/lib/scoped-css';
import { pruneInlinedCss } from '../../src/server/page-css';

describe('scoped CSS of components a page does not render', () => {
  const css =
    '.faq[data-astro-cid-aaa]{color:red}' +
    '.plan[data-astro-cid-bbb] p[data-astro-cid-bbb]{margin:0}' +
    '.a[data-astro-cid-bbb],.b[data-astro-cid-aaa]{gap:1px}' +
    '.x:not([data-astro-cid-bbb]){top:0}' +
    '.carousel__arrow{left:0}' +
    '@media (width<=567px){.plan[data-astro-cid-bbb]{padding:0}.faq[data-astro-cid-aaa]{padding:1px}}' +
    '@media (width<=1px){.plan[data-astro-cid-bbb]{padding:0}}' +
    '@keyframes spin{to{transform:rotate(1turn)}}' +
    '.q[data-astro-cid-bbb]:before{content:"}{"}';

  it('reads the ids a selector requires, not those inside :not() or :has()', () => {
    expect(requiredScopes('.plan[data-astro-cid-bbb] p[data-astro-cid-ccc]')).toEqual(['bbb', 'ccc']);
    expect(requiredScopes('.x:not([data-astro-cid-bbb])')).toEqual([]);
  });

  it('drops rules whose every selector needs an unrendered component, keeps unscoped rules, at-rules and the rest', () => {
    const kept = dropUnrenderedScopes(css, new Set(['aaa']));
    expect(kept).toBe(
      '.faq[data-astro-cid-aaa]{color:red}' +
        '.a[data-astro-cid-bbb],.b[data-astro-cid-aaa]{gap:1px}' +
        '.x:not([data-astro-cid-bbb]){top:0}' +
        '.carousel__arrow{left:0}' +
        '@media (width<=567px){.faq[data-astro-cid-aaa]{padding:1px}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}',
    );
    expect(dropUnrenderedScopes(css, new Set(['aaa', 'bbb']))).toBe(css);
  });

  it('finds the rendered components in the markup, not in the styles, and prunes each style element', () => {
    const html = `<html><head><style>${css}</style></head><body><div class="faq" data-astro-cid-aaa></div></body></html>`;
    expect([...renderedScopes(html)]).toEqual(['aaa']);
    const pruned = pruneInlinedCss(html);
    expect(pruned).not.toContain('.plan[data-astro-cid-bbb]');
    expect(pruned).toContain('.faq[data-astro-cid-aaa]{color:red}');
    expect(pruned).toContain('<div class="faq" data-astro-cid-aaa></div>');
  });

  it('prunes the same sheet anew for each set of rendered components (kept results never leak between pages)', () => {
    const page = (markup: string) => `<html><head><style>${css}</style></head><body>${markup}</body></html>`;
    for (let round = 0; round < 2; round++) {
      expect(pruneInlinedCss(page('<div data-astro-cid-aaa></div>'))).toBe(
        page('<div data-astro-cid-aaa></div>').replace(css, dropUnrenderedScopes(css, new Set(['aaa']))),
      );
      expect(pruneInlinedCss(page('<p data-astro-cid-bbb></p>'))).toBe(
        page('<p data-astro-cid-bbb></p>').replace(css, dropUnrenderedScopes(css, new Set(['bbb']))),
      );
      expect(pruneInlinedCss(page('<i data-astro-cid-bbb></i><b data-astro-cid-aaa></b>'))).toContain(`<style>${css}</style>`);
      expect(pruneInlinedCss(page('<i></i>'))).toBe(page('<i></i>').replace(css, dropUnrenderedScopes(css, new Set())));
    }
  });

  it('can pick the rules of given components without the other at-rules (what a script adopts from another page)', () => {
    const picked = filterRules(css, (selectors) => selectors.some((scopes) => scopes.includes('bbb')), 'drop');
    expect(picked).not.toContain('@keyframes');
    expect(picked).not.toContain('.faq[data-astro-cid-aaa]{color:red}');
    expect(picked).toContain('.plan[data-astro-cid-bbb] p[data-astro-cid-bbb]{margin:0}');
    expect(picked).toContain('@media (width<=1px){.plan[data-astro-cid-bbb]{padding:0}}');
  });
});

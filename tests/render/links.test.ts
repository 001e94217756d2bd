import { describe, expect, it } from 'vitest';
import { isExternalHref, linkHref } from '../../src/sections/links';

describe('section links', () => {
  it('uses a plain string as it is', () => {
    expect(linkHref('/catalogs/shoes?sort=price_asc')).toBe('/catalogs/shoes?sort=price_asc');
    expect(linkHref('https://example.com/a')).toBe('https://example.com/a');
    expect(linkHref('tel:+12125550147')).toBe('tel:+12125550147');
    expect(linkHref('  ')).toBeNull();
  });

  it('builds the address of each link type', () => {
    expect(linkHref({ type: 'external', url: 'https://partner.example' })).toBe('https://partner.example');
    expect(linkHref({ type: 'link', url: 'https://partner.example' })).toBe('https://partner.example');
    expect(linkHref({ type: 'page', url: 'about' })).toBe('/about');
    expect(linkHref({ type: 'page', url: '/about' })).toBe('/about');
    expect(linkHref({ type: 'catalog', url: 'shoes' })).toBe('/catalogs/shoes');
    expect(linkHref({ type: 'product', url: 'chelsea-boots' })).toBe('/products/chelsea-boots');
    expect(linkHref({ type: 'category', url: 'journal' })).toBe('/journal');
    expect(linkHref({ type: 'article', url: 'journal/linen-care' })).toBe('/journal/linen-care');
  });

  it('adds the chosen variation to product links', () => {
    expect(linkHref({ type: 'product', url: 'gift-card', variation: 'v-1' })).toBe('/products/gift-card?variation=v-1');
    expect(linkHref({ type: 'product', url: 'gift-card', variation: { id: 'v 2' } })).toBe('/products/gift-card?variation=v%202');
    expect(linkHref({ type: 'product', url: 'gift-card', options: { variation: 'v-3' } })).toBe('/products/gift-card?variation=v-3');
  });

  it('has no link without an address, and a page link without one goes home', () => {
    expect(linkHref({ type: 'catalog', url: '' })).toBeNull();
    expect(linkHref({ type: 'product' })).toBeNull();
    expect(linkHref({ type: 'page', url: '' })).toBe('/');
    expect(linkHref(null)).toBeNull();
    expect(linkHref(42)).toBeNull();
  });

  it('never produces a script address', () => {
    expect(linkHref('javascript:alert(1)')).toBeNull();
    expect(linkHref(' JavaScript:alert(1)')).toBeNull();
    expect(linkHref('java\tscript:alert(1)')).toBeNull();
    expect(linkHref({ type: 'external', url: 'data:text/html,<script>alert(1)</script>' })).toBeNull();
    expect(linkHref({ type: 'page', url: '//evil.example' })).toBe('/evil.example');
  });

  it('knows which addresses leave the shop', () => {
    expect(isExternalHref('https://partner.example')).toBe(true);
    expect(isExternalHref('/about')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { catalogRows, PRODUCTS } from '../../src/server/seed/catalog';
import { homepageSections } from '../../src/server/seed/content/homepage';
import { menuRows } from '../../src/server/seed/content/navigation';
import { pageRows } from '../../src/server/seed/content/pages';

// The shop cannot redeem gift cards: the demo must neither sell one nor mention one.
const GIFT_CARD = /gift[ -]?cards?|подарочн\S* карт/i;

describe('the demo shop promises only what the shop does', () => {
  it('sells no gift card', () => {
    expect(PRODUCTS.map((product) => product.slug)).not.toContain('gift-card');
    expect(JSON.stringify(catalogRows())).not.toMatch(GIFT_CARD);
  });

  it('mentions no gift card in menus, the homepage or the pages', () => {
    expect(JSON.stringify(menuRows())).not.toMatch(GIFT_CARD);
    expect(JSON.stringify(homepageSections())).not.toMatch(GIFT_CARD);
    expect(JSON.stringify(pageRows())).not.toMatch(GIFT_CARD);
  });
});

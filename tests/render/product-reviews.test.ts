import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { JSDOM } from 'jsdom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ProductReviews from '../../src/components/product/ProductReviews.astro';
import type { ReviewDto } from '../../src/lib/api-client';
import type { Language } from '../../src/lib/localize';

/**
 * The product's reviews: the list rendered by the server (no React on the page for it), the next pages
 * appended by the reviews' script, and the review form (React) loaded only when the shopper opens it.
 */
const review = (id: string, overrides: Partial<ReviewDto> = {}): ReviewDto =>
  ({ id, authorName: `Author ${id}`, rating: 4, text: `Text of ${id}`, createdAt: '2026-03-05T10:00:00.000Z', ...overrides }) as ReviewDto;

const getReviews = vi.fn();
vi.mock('../../src/stores/user', () => ({ shopApi: () => ({ getReviews }) }));

// the script runs in a jsdom window standing in for the browser (the server render needs Astro's node environment)
const dom = new JSDOM('<!doctype html><body></body>', { url: 'https://shop.test/products/shirt' });
for (const name of ['window', 'document', 'Node', 'Element', 'HTMLElement', 'HTMLButtonElement'] as const)
  vi.stubGlobal(name, dom.window[name]);
const { enhanceReviews } = await import('../../src/islands/product/reviews');
const { document } = dom.window;

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
afterEach(() => {
  document.body.innerHTML = '';
});

async function render(props: { reviews?: ReviewDto[]; hasMore?: boolean; canWrite?: boolean; lang?: Language } = {}): Promise<HTMLElement> {
  const html = await container.renderToString(ProductReviews, {
    props: {
      productId: 'shirt',
      lang: props.lang ?? 'en',
      reviews: props.reviews ?? [],
      hasMore: props.hasMore ?? false,
      canWrite: props.canWrite ?? true,
    },
  });
  document.body.innerHTML = html;
  return document.body;
}

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent?.replace(/\s+/g, ' ').trim());

describe('the product reviews', () => {
  it('list the first page with stars, date and the shop reply, and offer the form behind a button', async () => {
    const root = await render({ reviews: [review('a', { reply: 'Thank you!' }), review('b', { rating: 2 })] });
    expect(texts(root, '.review__author')).toEqual(['Author a', 'Author b']);
    expect([...root.querySelectorAll('.review-stars')].map((stars) => stars.getAttribute('aria-label'))).toEqual(['4 of 5', '2 of 5']);
    expect(root.querySelectorAll('.review:nth-child(2) .review-stars__on')).toHaveLength(2);
    expect(texts(root, '.review__date')).toEqual(['Mar 5, 2026', 'Mar 5, 2026']);
    expect(texts(root, '.review__reply')).toEqual(["The shop's replyThank you!"]);
    expect(root.querySelector('[data-more-reviews]')).toBeNull();
    expect(texts(root, '.review-form h3')).toEqual(['Write a review']);
    expect(texts(root, '.review-form__note')).toEqual(['Reviews appear after moderation.']);
    expect(root.querySelector('[data-review-form]')?.hasAttribute('hidden')).toBe(true);
    expect(root.querySelector('form')).toBeNull();
    expect(root.querySelector('astro-island')).toBeNull();
  });

  it('escape what shoppers wrote and speak Russian', async () => {
    const root = await render({ reviews: [review('a', { authorName: '<b>Eve</b>', text: '<img src=x onerror=alert(1)>' })], lang: 'ru' });
    expect(root.querySelector('.review b, .review img')).toBeNull();
    expect(texts(root, '.review__text')).toEqual(['<img src=x onerror=alert(1)>']);
    expect(texts(root, '.review__date')).toEqual(['5 марта 2026']);
    expect(texts(root, '[data-open-review-form]')).toEqual(['Написать отзыв']);
  });

  it('say there are none yet, and offer no form when reviews cannot be written', async () => {
    const root = await render({ canWrite: false });
    expect(texts(root, '.product-reviews__empty')).toEqual(['No reviews yet. Be the first to share your impressions.']);
    expect(root.querySelector('.review-form')).toBeNull();
  });

  it('append the next page without repeating a review, and drop the button after the last page', async () => {
    const root = await render({ reviews: [review('a'), review('b')], hasMore: true });
    enhanceReviews();
    getReviews.mockResolvedValueOnce({ error: null, data: { items: [review('b'), review('c')], hasMore: false } });
    const more = root.querySelector<HTMLButtonElement>('[data-more-reviews]')!;
    expect(more.textContent).toBe('Show more reviews');
    more.click();
    await vi.waitFor(() => expect(texts(root, '.review__author')).toEqual(['Author a', 'Author b', 'Author c']));
    expect(getReviews).toHaveBeenCalledWith('shirt', 1);
    expect(more.hidden).toBe(true);
  });
});

/**
 * The product's reviews in the browser, without a framework (the list is rendered by the server,
 * components/product/ProductReviews.astro): 'show more' appends the next page, and the 'write a review'
 * button gives way to the review form, whose React and form engine load only then.
 */
import type { Language } from '../../lib/localize';
import { shopApi } from '../../stores/user';
import { sliceTranslator, type ShopTextSlice } from './product-texts';
import { reviewHtml } from './reviews-markup';

/** What the server hands the script (a JSON script element `[data-reviews-data]` inside the reviews). */
export type ReviewsData = { productId: string; lang: Language; texts: ShopTextSlice; hasMore: boolean };

function enhance(root: HTMLElement): void {
  const source = root.querySelector('script[data-reviews-data]');
  if (!source?.textContent) return;
  const { productId, lang, texts } = JSON.parse(source.textContent) as ReviewsData;
  const t = sliceTranslator(texts, lang);
  let page = 0;

  const more = root.querySelector<HTMLButtonElement>('[data-more-reviews]');
  more?.addEventListener('click', async () => {
    more.disabled = true;
    const { error, data } = await shopApi({ lang }).getReviews(productId, page + 1);
    more.disabled = false;
    if (error) return;
    page += 1;
    let list = root.querySelector('.product-reviews__list');
    if (!list && data.items.length > 0) {
      root.querySelector('.product-reviews__empty')?.remove();
      list = Object.assign(document.createElement('ul'), { className: 'product-reviews__list' });
      root.prepend(list);
    }
    const known = new Set([...root.querySelectorAll<HTMLElement>('[data-review-id]')].map((item) => item.dataset['reviewId']));
    list?.insertAdjacentHTML(
      'beforeend',
      data.items
        .filter((review) => !known.has(review.id))
        .map((review) => reviewHtml(review, lang, t))
        .join(''),
    );
    more.hidden = !data.hasMore;
  });

  // the button gives way to the form, its first field focused
  const opener = root.querySelector<HTMLButtonElement>('[data-open-review-form]');
  const host = root.querySelector<HTMLElement>('[data-review-form]');
  opener?.addEventListener('click', async () => {
    if (!host) return;
    opener.hidden = true;
    host.hidden = false;
    host.setAttribute('aria-busy', 'true');
    const { mountReviewForm } = await import('./ReviewForm');
    mountReviewForm(host, { productId, lang, texts });
    host.removeAttribute('aria-busy');
  });
  root.setAttribute('data-reviews-ready', '');
}

/** Enhances the reviews of the page not enhanced yet. */
export function enhanceReviews(): void {
  document.querySelectorAll<HTMLElement>('[data-product-reviews]:not([data-reviews-ready])').forEach(enhance);
}

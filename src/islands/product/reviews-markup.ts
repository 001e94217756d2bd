/**
 * One published review as HTML, for the server render (components/product/ProductReviews.astro) and the
 * reviews' script that appends the next pages (./reviews.ts): author, stars, date, text and the shop's reply.
 */
import type { ReviewDto } from '../../lib/api-client';
import { formatDateShort } from '../../lib/dates';
import type { Language } from '../../lib/localize';
import type { ShopTranslate } from '../shop/texts';
import { escapeHtml } from './buy-box-markup';

const RATINGS = [1, 2, 3, 4, 5];

export function reviewHtml(review: ReviewDto, lang: Language, t: ShopTranslate): string {
  const stars = RATINGS.map(
    (value) => `<span class="${value <= review.rating ? 'review-stars__on' : 'review-stars__off'}" aria-hidden="true">★</span>`,
  ).join('');
  const reply = review.reply
    ? `<div class="review__reply"><strong>${escapeHtml(t('shopReply'))}</strong><p class="review__text">${escapeHtml(review.reply)}</p></div>`
    : '';
  return (
    `<li class="review" data-review-id="${escapeHtml(review.id)}"><div class="review__head">` +
    `<strong class="review__author">${escapeHtml(review.authorName)}</strong>` +
    `<span class="review-stars" role="img" aria-label="${escapeHtml(t('ratingValue', { value: review.rating }))}">${stars}</span>` +
    `<time class="review__date" datetime="${escapeHtml(review.createdAt)}">${escapeHtml(formatDateShort(review.createdAt, lang, { timeZone: 'UTC' }))}</time>` +
    `</div><p class="review__text">${escapeHtml(review.text)}</p>${reply}</li>`
  );
}

import { useState } from 'react';
import type { ReviewDto } from '../../lib/api-client';
import { formatDateShort } from '../../lib/dates';
import type { Language } from '../../lib/localize';
import { reviewForm } from '../forms/definitions';
import { FormMessage, RatingField, SubmitButton, TextAreaField, TextField } from '../forms/fields';
import { answerOf, moderationMessage, useForm } from '../forms/use-form';
import { shopApi } from '../../stores/user';
import type { ShopTranslate } from '../shop/texts';
import { sliceTranslator, type ShopTextSlice } from './product-texts';

type Props = {
  productId: string;
  lang: Language;
  /** the texts it shows, in `lang` (REVIEWS_TEXT_KEYS, picked by the page) */
  texts: ShopTextSlice;
  /** the first page, rendered by the server */
  initialReviews: ReviewDto[];
  initialHasMore: boolean;
  /** settings.ecommerce.productReviewsEnabled: the form is offered only then */
  canWrite: boolean;
};

const RATINGS = [1, 2, 3, 4, 5];

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label}>
      {RATINGS.map((value) => (
        <span key={value} className={value <= rating ? 'review-stars__on' : 'review-stars__off'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

/** Published reviews, 10 per page with 'show more', and the review form (reviews appear after moderation). */
export default function ProductReviews({ productId, lang, texts, initialReviews, initialHasMore, canWrite }: Props) {
  const t = sliceTranslator(texts, lang);
  const [reviews, setReviews] = useState(initialReviews);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);

  const loadMore = async () => {
    setLoading(true);
    const { error, data } = await shopApi({ lang }).getReviews(productId, page + 1);
    setLoading(false);
    if (error) return;
    const known = new Set(reviews.map((review) => review.id));
    setReviews([...reviews, ...data.items.filter((review) => !known.has(review.id))]);
    setHasMore(data.hasMore);
    setPage(page + 1);
  };

  return (
    <div className="product-reviews">
      {reviews.length === 0 ? (
        <p className="product-reviews__empty">{t('noReviews')}</p>
      ) : (
        <ul className="product-reviews__list">
          {reviews.map((review) => (
            <li key={review.id} className="review">
              <div className="review__head">
                <strong className="review__author">{review.authorName}</strong>
                <Stars rating={review.rating} label={t('ratingValue', { value: review.rating })} />
                <time className="review__date" dateTime={review.createdAt}>
                  {formatDateShort(review.createdAt, lang, { timeZone: 'UTC' })}
                </time>
              </div>
              <p className="review__text">{review.text}</p>
              {review.reply ? (
                <div className="review__reply">
                  <strong>{t('shopReply')}</strong>
                  <p className="review__text">{review.reply}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button type="button" className="button button--outline" onClick={loadMore} disabled={loading}>
          {t('moreReviews')}
        </button>
      )}

      {canWrite && (
        <div className="review-form">
          <h3 className="review-form__title">{t('writeReview')}</h3>
          <p className="review-form__note">{t('reviewsModerated')}</p>
          <ReviewForm productId={productId} lang={lang} t={t} />
        </div>
      )}
    </div>
  );
}

/** The review form, on the shared form engine (src/islands/forms): name, e-mail, rating and text. */
function ReviewForm({ productId, lang, t }: { productId: string; lang: Language; t: ShopTranslate }) {
  const [thanks, setThanks] = useState('');
  const form = useForm(reviewForm, {
    lang,
    send: async (values) =>
      answerOf(
        await shopApi({ lang }).postReview({
          product: productId,
          name: String(values.name).trim(),
          email: String(values.email).trim() || null,
          rating: Number(values.rating),
          text: String(values.text).trim(),
        }),
      ),
    onSuccess: (answer) => setThanks(moderationMessage(answer, t('reviewsModerated'))),
  });
  if (form.submitted) {
    return (
      <p className="shop-notice shop-notice--success" role="status">
        {thanks}
      </p>
    );
  }
  return (
    <form className="form" onSubmit={form.submit} noValidate data-form="review">
      <div className="form__row">
        <TextField form={form} path="name" label={t('yourName')} autoComplete="name" maxLength={100} />
        <TextField form={form} path="email" label={t('email')} type="email" autoComplete="email" />
      </div>
      <RatingField form={form} path="rating" label={t('rating')} valueLabel={(value) => t('ratingValue', { value })} />
      <TextAreaField form={form} path="text" label={t('reviewText')} rows={4} />
      <FormMessage form={form} />
      <SubmitButton form={form}>{t('sendReview')}</SubmitButton>
    </form>
  );
}

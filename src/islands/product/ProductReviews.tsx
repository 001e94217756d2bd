import { useState, type FormEvent } from 'react';
import type { ReviewDto } from '../../lib/api-client';
import { formatDateShort } from '../../lib/dates';
import type { Language } from '../../lib/localize';
import { email, noEmpty, validateValue, type Rule } from '../../lib/validation';
import { shopApi } from '../shop/api';
import { fieldErrorsOf } from '../shop/server-errors';
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

type Draft = { name: string; email: string; rating: number; text: string };
type DraftField = keyof Draft;

const RULES: Record<DraftField, Rule[]> = {
  name: [noEmpty],
  email: [email],
  rating: [(value) => (typeof value === 'number' && value >= 1 && value <= 5 ? null : 'forms.errors.noEmpty')],
  text: [noEmpty],
};
const EMPTY_DRAFT: Draft = { name: '', email: '', rating: 0, text: '' };
const RATINGS = [1, 2, 3, 4, 5];

function validate(draft: Draft, t: ShopTranslate): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  for (const field of Object.keys(RULES) as DraftField[]) {
    const key = validateValue(draft[field], RULES[field]);
    if (key) errors[field] = key.startsWith('forms.errors.') ? t(key as Parameters<ShopTranslate>[0]) : key;
  }
  return errors;
}

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
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState('');

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

  const edit = <K extends DraftField>(field: K, value: Draft[K]) => {
    setDraft({ ...draft, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(draft, t);
    setErrors(found);
    setFormError('');
    if (Object.values(found).some(Boolean)) return;
    setSending(true);
    const { error, data } = await shopApi({ lang }).postReview({
      product: productId,
      name: draft.name.trim(),
      email: draft.email.trim() || null,
      rating: draft.rating,
      text: draft.text.trim(),
    });
    setSending(false);
    if (error || !data) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(error?.message ?? '');
      return;
    }
    setThanks(data.message || t('reviewsModerated'));
    setDraft(EMPTY_DRAFT);
  };

  const fieldId = (field: DraftField) => `review-${field}`;
  const errorOf = (field: DraftField) =>
    errors[field] ? (
      <span className="shop-field__error" id={`${fieldId(field)}-error`}>
        {errors[field]}
      </span>
    ) : null;
  const described = (field: DraftField) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(field)}-error` } : {});

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
          {thanks ? (
            <p className="shop-notice shop-notice--success" role="status">
              {thanks}
            </p>
          ) : (
            <form onSubmit={submit} noValidate>
              <div className="shop-form-grid">
                <label className="shop-field">
                  <span className="shop-field__label">{t('yourName')} *</span>
                  <input id={fieldId('name')} className="shop-field__input" value={draft.name} onChange={(e) => edit('name', e.target.value)} autoComplete="name" {...described('name')} />
                  {errorOf('name')}
                </label>
                <label className="shop-field">
                  <span className="shop-field__label">{t('email')}</span>
                  <input id={fieldId('email')} className="shop-field__input" type="email" value={draft.email} onChange={(e) => edit('email', e.target.value)} autoComplete="email" {...described('email')} />
                  {errorOf('email')}
                </label>
              </div>
              <fieldset className="shop-field rating-input" {...described('rating')}>
                <legend className="shop-field__label">{t('rating')} *</legend>
                <div className="rating-input__stars">
                  {RATINGS.map((value) => (
                    <label key={value} className={value <= draft.rating ? 'is-on' : ''}>
                      <input type="radio" name="rating" value={value} checked={draft.rating === value} onChange={() => edit('rating', value)} />
                      <span aria-hidden="true">★</span>
                      <span className="visually-hidden">{t('ratingValue', { value })}</span>
                    </label>
                  ))}
                </div>
                {errorOf('rating')}
              </fieldset>
              <label className="shop-field">
                <span className="shop-field__label">{t('reviewText')} *</span>
                <textarea id={fieldId('text')} className="shop-field__input" rows={4} value={draft.text} onChange={(e) => edit('text', e.target.value)} {...described('text')} />
                {errorOf('text')}
              </label>
              {formError && (
                <p className="shop-notice shop-notice--error" role="alert">
                  {formError}
                </p>
              )}
              <button type="submit" className="button" disabled={sending}>
                {sending ? t('sending') : t('sendReview')}
              </button>
            </form>
          )}
        </div>
      )}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { formatDateShort } from '../../lib/dates';
import type { Language } from '../../lib/localize';
import type { UserReviewDto } from '../../lib/api-client';
import { $user, shopApi } from '../../stores/user';
import { ProductImage } from '../shop/ProductImage';
import { AccountGate, LoadState } from './AccountGate';
import { type AccountTextKey, accountTexts } from './texts';

const STATUS_LABEL: Record<UserReviewDto['status'], AccountTextKey> = {
  pending: 'reviewPending',
  approved: 'reviewApproved',
  rejected: 'reviewRejected',
};

/** /account/reviews: the reviews the user wrote, with their moderation state. */
export default function ReviewsList({ lang }: { lang: Language }) {
  return (
    <AccountGate lang={lang}>
      <Reviews lang={lang} />
    </AccountGate>
  );
}

function Reviews({ lang }: { lang: Language }) {
  const t = accountTexts(lang);
  const user = useStore($user);
  const [reviews, setReviews] = useState<UserReviewDto[]>([]);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const load = useCallback(async () => {
    setState('loading');
    const result = await shopApi({ lang }).getUserReviews();
    setReviews(result.data);
    setState(result.error ? 'failed' : 'ready');
  }, [lang]);
  useEffect(() => {
    void load();
  }, [load, user?.id]);

  if (state !== 'ready') return <LoadState lang={lang} state={state} onRetry={() => void load()} />;
  if (reviews.length === 0) return <p className="account-empty">{t('noReviews')}</p>;
  return (
    <ul className="account-reviews" data-reviews>
      {reviews.map((review) => (
        <li key={review.id} className="account-card account-review" data-review-status={review.status}>
          <ProductImage
            image={review.product?.image}
            width={64}
            height={64}
            alt={review.product?.title ?? ''}
            className="account-item__image"
          />
          <div className="account-review__body">
            <div className="account-order__head">
              {review.product ? (
                <a href={`/products/${review.product.slug}`}>{review.product.title}</a>
              ) : (
                <span className="account-muted">{t('productGone')}</span>
              )}
              <span className={`account-badge account-badge--${review.status}`}>{t(STATUS_LABEL[review.status])}</span>
            </div>
            <p className="account-stars" aria-label={t('ratingOf', { rating: review.rating })}>
              {'★'.repeat(review.rating)}
              <span className="account-stars__empty">{'★'.repeat(5 - review.rating)}</span>
            </p>
            <p className="account-pre">{review.text}</p>
            <p className="account-muted">{formatDateShort(review.createdAt, lang)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

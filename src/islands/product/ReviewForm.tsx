import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Language } from '../../lib/localize';
import { reviewForm } from '../forms/definitions';
import { FormMessage, RatingField, SubmitButton, TextAreaField, TextField } from '../forms/fields';
import { answerOf, moderationMessage, useForm } from '../forms/use-form';
import { $profile, $user, shopApi } from '../../stores/user';
import type { ShopTranslate } from '../shop/texts';
import { sliceTranslator, type ShopTextSlice } from './product-texts';

type Props = { productId: string; lang: Language; t: ShopTranslate };

/** A signed-in shopper's name and e-mail, so the review form does not ask for what the shop knows. */
export function signedInValues(): { name: string; email: string } | undefined {
  const user = $user.get();
  if (!user) return undefined;
  const profile = $profile.get();
  const name = profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') : '';
  return { name, email: profile?.email || user.email };
}

/** The review form, on the shared form engine (src/islands/forms): name, e-mail, rating and text. */
function ReviewForm({ productId, lang, t }: Props) {
  const [thanks, setThanks] = useState('');
  const form = useForm(reviewForm, {
    lang,
    initial: signedInValues() ?? {},
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

/**
 * Shows the review form in `host` (React and the form engine load only now, when the shopper opens the
 * form: the product page's first visit stays light), its first field focused.
 */
export function mountReviewForm(host: HTMLElement, input: { productId: string; lang: Language; texts: ShopTextSlice }): void {
  const root = createRoot(host);
  flushSync(() => root.render(<ReviewForm productId={input.productId} lang={input.lang} t={sliceTranslator(input.texts, input.lang)} />));
  host.querySelector<HTMLElement>('input, textarea')?.focus();
}

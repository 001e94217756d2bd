import { useState } from 'react';
import type { Language } from '../../lib/localize';
import { userApi } from '../../stores/user';
import { reviewForm } from './definitions';
import { FieldShell, TextAreaField } from './fields';
import { AuthorFields, ModeratedSubmit, ModerationNotice, moderationMessage, useAuthorDefaults } from './moderated';
import { formTexts } from './texts';
import { type FormApi, answerOf, useForm } from './use-form';

/**
 * The product review form, for visitors and signed-in customers. Reviews are stored for moderation
 * and published once a manager approves them; the form says so before and after sending.
 * Placed by the product page: `<ReviewForm client:visible lang={lang} productId={product.id} />`.
 */
export default function ReviewForm({ lang, productId }: { lang: Language; productId: string }) {
  const t = formTexts(lang);
  const [thanks, setThanks] = useState('');
  const form = useForm(reviewForm, {
    lang,
    initial: useAuthorDefaults(),
    send: async (values) =>
      answerOf(
        await userApi().postReview({
          product: productId,
          name: (values.name as string).trim(),
          email: (values.email as string).trim() || null,
          rating: Number(values.rating),
          text: (values.text as string).trim(),
        }),
      ),
    onSuccess: (answer) => setThanks(moderationMessage(answer, t('reviewSent'))),
  });
  if (form.submitted) return <ModerationNotice form={form} lang={lang} message={thanks} />;
  return (
    <form className="form feedback-form" noValidate onSubmit={form.submit} data-form="review">
      <RatingField form={form} label={t('rating')} />
      <AuthorFields form={form} />
      <TextAreaField form={form} path="text" label={t('reviewText')} rows={4} maxLength={5000} />
      <ModeratedSubmit form={form} label={t('sendReview')} />
    </form>
  );
}

/** Five stars as radio buttons: keyboard-operable, and readable by screen readers as '4 of 5'. */
function RatingField({ form, label }: { form: FormApi; label: string }) {
  const t = formTexts(form.lang);
  const rating = Number(form.value('rating'));
  return (
    <FieldShell form={form} path="rating" label={label}>
      <div className="form-rating" role="radiogroup" aria-labelledby={`${form.inputId('rating')}-label`}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className={`form-rating__star${stars <= rating ? ' is-on' : ''}`} title={t('stars', { count: stars })}>
            <input
              type="radio"
              name={`${form.id}-rating`}
              value={stars}
              checked={rating === stars}
              onChange={() => form.setValue('rating', stars)}
              id={stars === 1 ? form.inputId('rating') : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('stars', { count: stars })}</span>
          </label>
        ))}
      </div>
    </FieldShell>
  );
}

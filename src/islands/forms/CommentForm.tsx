import { useState } from 'react';
import type { Language } from '../../lib/localize';
import { shopApi } from '../../stores/user';
import { commentForm } from './definitions';
import { TextAreaField } from './fields';
import { AuthorFields, ModeratedSubmit, ModerationNotice, useAuthorDefaults } from './moderated';
import { formTexts } from './texts';
import { answerOf, moderationMessage, useForm } from './use-form';

/**
 * The article comment form, for visitors and signed-in readers; comments appear after moderation.
 * `article` is the article's id or slug; `parentId` answers a published comment.
 */
export default function CommentForm({ lang, article, parentId }: { lang: Language; article: string; parentId?: string }) {
  const t = formTexts(lang);
  const [thanks, setThanks] = useState('');
  const form = useForm(commentForm, {
    lang,
    initial: useAuthorDefaults(),
    send: async (values) =>
      answerOf(
        await shopApi().postComment({
          article,
          name: (values.name as string).trim(),
          email: (values.email as string).trim() || null,
          text: (values.text as string).trim(),
          ...(parentId ? { parentId } : {}),
        }),
      ),
    onSuccess: (answer) => setThanks(moderationMessage(answer, t('commentSent'))),
  });
  if (form.submitted) return <ModerationNotice form={form} lang={lang} message={thanks} />;
  return (
    <form className="form feedback-form" noValidate onSubmit={form.submit} data-form="comment">
      <AuthorFields form={form} />
      <TextAreaField form={form} path="text" label={t('commentText')} rows={4} maxLength={5000} />
      <ModeratedSubmit form={form} label={t('sendComment')} />
    </form>
  );
}

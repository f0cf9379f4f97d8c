import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { commentInputSchema } from '@tt/domain';
import { FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Textarea } from '../../../components/ui/Textarea';
import { formatDateTime } from '../../../lib/format';
import { useAddComment, useComments } from '../api';

/** A post's comments, oldest first, and the box to add one (the post's author is notified). */
export function CommentThread({ postId }: { postId: number }) {
  const { t, i18n } = useTranslation('community');
  const comments = useComments(postId, true);
  const add = useAddComment(postId);
  const form = useContractForm(commentInputSchema, { defaultValues: { content: '' } });
  const submit = useFormSubmit(form, add.mutateAsync);
  return (
    <section id={`post-${postId}-comments`} className="mt-3 space-y-3" data-testid="comments">
      {comments.isPending ? (
        <p className="text-sm text-stone-600">{t('comments.loading')}</p>
      ) : comments.data?.length ? (
        <ul className="space-y-2">
          {comments.data.map((c) => (
            <li key={c.id} className="rounded-lg bg-stone-50 px-3 py-2" data-testid="comment">
              <p className="text-xs text-stone-600">
                <span className="font-medium text-stone-900">{c.user_name}</span> ·{' '}
                <time dateTime={c.created_at}>{formatDateTime(c.created_at, i18n.language)}</time>
              </p>
              <p className="mt-0.5 text-sm whitespace-pre-wrap break-words text-stone-800">{c.content}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">{t('comments.empty')}</p>
      )}
      <form onSubmit={submit} noValidate className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <FormField form={form} name="content" id={`comment-${postId}`} label={t('comments.label')}>
            {(control) => <Textarea rows={2} placeholder={t('comments.placeholder')} {...control} />}
          </FormField>
        </div>
        <Button
          type="submit"
          loading={add.isPending}
          data-testid="send-comment"
          aria-label={t('comments.send')}
        >
          <Send aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('comments.send')}</span>
        </Button>
      </form>
    </section>
  );
}

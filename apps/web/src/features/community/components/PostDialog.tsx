import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, X } from 'lucide-react';
import {
  can,
  IMAGE_MAX_BYTES,
  POST_TYPES,
  postInputSchema,
  type AppUser,
  type Post,
  type PostForm,
} from '@tt/domain';
import { FormActions, FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Select } from '../../../components/ui/Field';
import { Textarea } from '../../../components/ui/Textarea';
import { useCreatePost, useUpdatePost, useUploadImage, type PostBody } from '../api';

const PICTURE_TYPES = ['image/jpeg', 'image/png'];

/**
 * New Post (no post) or Edit (the author's post): content required, title optional, type discussion by
 * default (announcement only for admins and coordinators). A picture is uploaded first and the post
 * names it; the server re-encodes it, so what others see is never the file as sent.
 */
export function PostDialog({
  post,
  user,
  onClose,
  onSaved,
}: {
  post?: Post | undefined;
  user: AppUser;
  onClose: () => void;
  onSaved: (post: Post) => void;
}) {
  const { t } = useTranslation('community');
  const create = useCreatePost();
  const update = useUpdatePost(post?.id ?? 0);
  const upload = useUploadImage();
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const form = useContractForm(postInputSchema, {
    defaultValues: {
      title: post?.title ?? '',
      content: post?.content ?? '',
      post_type: post?.post_type ?? 'discussion',
    } satisfies PostForm,
  });
  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const send = async (values: PostBody) => {
    if (post) return update.mutateAsync(values);
    const image = picture ? await upload.mutateAsync(picture) : null;
    return create.mutateAsync({ ...values, image_id: image?.id ?? null });
  };
  const submit = useFormSubmit(form, send, { keepValues: true, onSuccess: onSaved });
  const busy = create.isPending || update.isPending || upload.isPending;
  const types = POST_TYPES.filter((type) => type !== 'announcement' || can(user.role, 'community.announce'));

  const choose = (file: File | undefined) => {
    setPictureError(undefined);
    if (!file) return setPicture(null);
    if (!PICTURE_TYPES.includes(file.type)) return setPictureError(t('form.picture_type'));
    if (file.size > IMAGE_MAX_BYTES) return setPictureError(t('form.picture_too_large'));
    setPicture(file);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(post ? 'form.edit_title' : 'form.new_title')}
      description={t('form.text')}
      closeLabel={t('close')}
      footer={
        <FormActions
          formId="community-post-form"
          submitLabel={t(post ? 'form.save' : 'form.post')}
          busy={busy}
          onCancel={onClose}
          testId="submit-post"
        />
      }
    >
      <form id="community-post-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField form={form} name="content" id="post-content" label={t('form.content')} required>
          {(control) => <Textarea rows={5} autoFocus {...control} />}
        </FormField>
        <FormField
          form={form}
          name="title"
          id="post-title"
          label={t('form.title')}
          inputProps={{ autoComplete: 'off' }}
        />
        <FormField form={form} name="post_type" id="post-type" label={t('form.type')}>
          {(control) => (
            <Select {...control}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {!post && (
          <Field
            label={t('form.picture')}
            htmlFor="post-picture"
            hint={t('form.picture_hint')}
            error={pictureError}
          >
            {preview ? (
              <div className="relative">
                <img src={preview} alt="" className="max-h-48 rounded-lg bg-stone-100 object-contain" />
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  onClick={() => setPicture(null)}
                  data-testid="remove-picture"
                >
                  <X aria-hidden className="size-4" />
                  {t('form.picture_remove')}
                </Button>
              </div>
            ) : (
              <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-stone-300 px-3 py-3 text-sm text-stone-700 hover:bg-stone-50">
                <ImagePlus aria-hidden className="size-5 text-stone-500" />
                <span>{t('form.picture_hint')}</span>
                <input
                  id="post-picture"
                  type="file"
                  accept={PICTURE_TYPES.join(',')}
                  className="sr-only"
                  aria-invalid={pictureError ? true : undefined}
                  aria-describedby={pictureError ? 'post-picture-error' : undefined}
                  onChange={(event) => choose(event.target.files?.[0])}
                  data-testid="post-picture"
                />
              </label>
            )}
          </Field>
        )}
      </form>
    </Dialog>
  );
}

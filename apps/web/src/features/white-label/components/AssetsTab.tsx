import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2, Upload } from 'lucide-react';
import {
  APP_NAME_MAX,
  brandingCss,
  LOGO_MAX_BYTES,
  TAGLINE_MAX,
  type Branding,
  type BrandingSettings,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Field, Input } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRemoveLogo, useUploadLogo } from '../api';
import type { FieldErrors, SetField } from '../WhiteLabelPage';

/** Spec 2's Branding Assets: app name, tagline, the logo (uploaded to the app itself) and the generated CSS. */
export function AssetsTab({
  draft,
  shown,
  errors,
  setField,
  saved,
  mayManage,
}: {
  draft: BrandingSettings;
  /** The draft with any colour still being typed shown as saved (for the CSS). */
  shown: BrandingSettings;
  errors: FieldErrors;
  setField: SetField;
  saved: Branding;
  mayManage: boolean;
}) {
  const { t } = useTranslation('white_label');
  const file = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const onFile = (chosen: File | undefined) => {
    if (!chosen) return;
    upload.mutate(chosen, {
      onSuccess: () => toastSuccess(t('logo.uploaded')),
      onError: (error) => toastError(errorMessage(error, t)),
      onSettled: () => {
        if (file.current) file.current.value = '';
      },
    });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="grid content-start gap-4 p-4">
        <Field
          label={t('assets.app_name')}
          htmlFor="branding-app-name"
          required
          error={errors.app_name}
          hint={t('assets.length', { used: draft.app_name.length, max: APP_NAME_MAX })}
        >
          <Input
            id="branding-app-name"
            value={draft.app_name}
            maxLength={APP_NAME_MAX}
            aria-invalid={errors.app_name ? true : undefined}
            aria-describedby={errors.app_name ? 'branding-app-name-error' : undefined}
            onChange={(e) => setField('app_name', e.target.value)}
            data-testid="app-name"
          />
        </Field>
        <Field
          label={t('assets.tagline')}
          htmlFor="branding-tagline"
          error={errors.tagline}
          hint={t('assets.tagline_hint', { max: TAGLINE_MAX })}
        >
          <Input
            id="branding-tagline"
            value={draft.tagline}
            maxLength={TAGLINE_MAX}
            aria-invalid={errors.tagline ? true : undefined}
            onChange={(e) => setField('tagline', e.target.value)}
            data-testid="tagline"
          />
        </Field>
        <div>
          <h2 className="text-sm font-medium text-stone-700">{t('logo.title')}</h2>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <div className="grid size-20 shrink-0 place-items-center rounded-lg border border-stone-200 bg-white p-2">
              <img
                src={saved.logo_url ?? '/favicon.svg'}
                alt={saved.logo_url ? t('logo.current') : t('logo.product_mark')}
                className="size-full object-contain"
                data-testid="logo-preview"
              />
            </div>
            {mayManage ? (
              <div className="flex flex-wrap gap-2">
                <input
                  ref={file}
                  type="file"
                  accept="image/png,image/jpeg"
                  className="sr-only"
                  tabIndex={-1}
                  aria-label={t('logo.upload')}
                  id="branding-logo-file"
                  data-testid="logo-file"
                  onChange={(e) => onFile(e.target.files?.[0])}
                />
                <Button variant="outline" loading={upload.isPending} onClick={() => file.current?.click()}>
                  <Upload aria-hidden className="size-4" />
                  {t('logo.upload')}
                </Button>
                {saved.logo_url && (
                  <Button
                    variant="outline"
                    loading={remove.isPending}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: () => toastSuccess(t('logo.removed')),
                        onError: (error) => toastError(errorMessage(error, t)),
                      })
                    }
                    data-testid="logo-remove"
                  >
                    <Trash2 aria-hidden className="size-4" />
                    {t('logo.remove')}
                  </Button>
                )}
              </div>
            ) : null}
          </div>
          <p className="mt-2 text-xs text-stone-600">{t('logo.hint', { max_kb: LOGO_MAX_BYTES / 1024 })}</p>
        </div>
      </Card>
      <Card className="p-4">
        <label htmlFor="branding-css" className="font-semibold text-stone-900">
          {t('assets.css')}
        </label>
        <p className="mt-1 text-sm text-stone-600">{t('assets.css_hint')}</p>
        <textarea
          id="branding-css"
          readOnly
          value={brandingCss(shown)}
          rows={22}
          spellCheck={false}
          className="mt-3 block w-full resize-y rounded-lg border border-stone-300 bg-stone-900 p-3 font-mono text-xs text-stone-100"
          data-testid="generated-css"
        />
      </Card>
    </div>
  );
}

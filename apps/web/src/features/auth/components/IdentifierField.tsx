import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form';

type Kind = 'mobile' | 'email';

/**
 * The mobile number or email address an account signs in with: one box, since the server tells them apart. It
 * opens the phone's number pad (most accounts are mobile numbers); a button beside it switches to the keyboard
 * with @ for an email address. `purpose`: signing in fills the saved username; opening an account fills the
 * person's own number or address.
 */
export function IdentifierField<T extends FieldValues>({
  form,
  name,
  purpose,
}: {
  // The form's output type varies by schema; only its field state and registration are used here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  purpose: 'sign-in' | 'sign-up';
}) {
  const { t } = useTranslation('accounts');
  const [kind, setKind] = useState<Kind>('mobile');
  const mobile = kind === 'mobile';
  const autoComplete = purpose === 'sign-in' ? 'username' : mobile ? 'tel' : 'email';
  return (
    <div>
      <FormField
        form={form}
        name={name}
        id="identifier"
        label={t('identifier.label')}
        required
        hint={mobile ? t('identifier.mobile_hint') : t('identifier.email_hint')}
        inputProps={{
          inputMode: mobile ? 'tel' : 'email',
          autoComplete,
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
        }}
      />
      <button
        type="button"
        onClick={() => {
          setKind(mobile ? 'email' : 'mobile');
          // Back in the box, which now opens the other keyboard.
          setTimeout(() => form.setFocus(name), 0);
        }}
        className="mt-1 min-h-8 text-left text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        data-testid="identifier-keyboard"
      >
        {mobile ? t('identifier.use_email') : t('identifier.use_mobile')}
      </button>
    </div>
  );
}

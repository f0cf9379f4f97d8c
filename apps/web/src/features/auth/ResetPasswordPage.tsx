import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema } from '@tt/domain';
import { useContractForm } from '../../components/form';
import { Button, buttonClass } from '../../components/ui/Button';
import { ApiError } from '../../lib/api';
import { errorMessage, translateCode } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useSetPassword } from './accounts-api';
import { AccountScreen, Notice, textLink, wrappingButton } from './components/AccountScreen';
import { PasswordField } from './components/PasswordField';
import { useAccountSubmit } from './components/useAccountSubmit';

/** The password twice: the second is compared here, before anything is sent; the rules are the domain's. */
const newPasswordForm = z.object({ password: newPasswordSchema, confirm: z.string() });

/** Refusals that mean the link itself cannot be used: a new one is the way on. */
const LINK_CODES = new Set(['auth.password_link_invalid', 'auth.password_link_expired']);

/**
 * Setting a password from a link (`?token=`): a reset asked for on the forgot-password screen, one an
 * administrator passed on, or the first administrator's first password. The server signs every session of the
 * account out, so this screen works signed in or not, and afterwards leads to signing in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setPassword = useSetPassword();
  const [done, setDone] = useState(false);
  const form = useContractForm(newPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const { submit, refusal } = useAccountSubmit(
    form,
    async (values) => {
      if (values.password !== values.confirm) {
        form.setError('confirm', { type: 'mismatch', message: t('reset.mismatch') }, { shouldFocus: true });
        return false;
      }
      await setPassword.mutateAsync({ token, password: values.password });
      return true;
    },
    { onSuccess: (saved) => setDone(saved) },
  );

  if (done) {
    return (
      <AccountScreen title={t('reset.done_title')} testId="password-set">
        <Notice tone="success">
          <p>{t('reset.done')}</p>
        </Notice>
        <Link
          to={paths.login}
          className={buttonClass('primary', 'lg', 'mt-5 w-full')}
          data-testid="sign-in-again"
        >
          {t('reset.sign_in')}
        </Link>
      </AccountScreen>
    );
  }

  const newLink = (
    <Link
      to={paths.forgotPassword}
      className="font-medium underline underline-offset-2"
      data-testid="new-link"
    >
      {t('reset.new_link')}
    </Link>
  );
  // A token refused as malformed (cut short when copied) is a link that cannot be used, like a spent one.
  const linkRefused =
    refusal instanceof ApiError &&
    (LINK_CODES.has(refusal.code) || 'token' in refusal.fieldCodes || 'token' in refusal.fields);

  return (
    <AccountScreen
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      testId="reset-password-page"
      footer={
        <p>
          <Link to={paths.login} className={textLink}>
            {t('forgot.back')}
          </Link>
        </p>
      }
    >
      {token === '' ? (
        <Notice tone="error" testId="link-refused">
          <p>{t('reset.no_token')}</p>
          <p>{newLink}</p>
        </Notice>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-form">
          <PasswordField
            form={form}
            name="password"
            label={t('password.new_label')}
            autoComplete="new-password"
          />
          <PasswordField
            form={form}
            name="confirm"
            id="field-confirm"
            label={t('password.confirm_label')}
            autoComplete="new-password"
            rule={false}
          />
          {refusal !== null && (
            <Notice tone="error" testId={linkRefused ? 'link-refused' : 'reset-refused'}>
              <p>
                {linkRefused && !LINK_CODES.has(refusal.code)
                  ? (translateCode('auth.password_link_invalid', undefined, t) ?? refusal.message)
                  : errorMessage(refusal, t)}
              </p>
              {linkRefused && <p>{newLink}</p>}
            </Notice>
          )}
          <Button type="submit" size="lg" className={wrappingButton} loading={setPassword.isPending}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AccountScreen>
  );
}

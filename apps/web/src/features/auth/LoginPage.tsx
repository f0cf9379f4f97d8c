import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { loginSchema } from '@tt/domain';
import { useContractForm } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { returnTo } from '../../lib/return-to';
import { passkeyCancelled, useWebAuthnSupport } from '../../lib/webauthn';
import { useLogin, usePasskeyLogin } from './accounts-api';
import { useAuthOptions, useDemoLogin, useProviderSignIn } from './api';
import { AccountScreen, Notice, textLink, wrappingButton } from './components/AccountScreen';
import { IdentifierField } from './components/IdentifierField';
import { PasswordField } from './components/PasswordField';
import { useAccountSubmit } from './components/useAccountSubmit';

/**
 * Signing in with the account's mobile number or email address and its password, or with a passkey alone where the
 * browser has passkeys. The external provider and the demo are offered beside them where this server offers them,
 * as on the landing page. Signed in, the person goes where they were going when asked to sign in, else the
 * dashboard.
 */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const login = useLogin();
  const { data: options } = useAuthOptions();
  const provider = useProviderSignIn();
  const demo = useDemoLogin();
  const form = useContractForm(loginSchema, { defaultValues: { identifier: '', password: '' } });
  const { submit, refusal, setRefusal } = useAccountSubmit(
    form,
    (values) => login.mutateAsync({ identifier: values.identifier.value, password: values.password }),
    { onSuccess: () => void navigate(returnTo(), { replace: true }) },
  );
  const locked = refusal instanceof ApiError && refusal.code === 'auth.password_locked';
  const webAuthn = useWebAuthnSupport();
  const passkey = usePasskeyLogin();
  // A closed prompt is the person's choice: nothing to say about it.
  const passkeyRefusal = passkey.isError && !passkeyCancelled(passkey.error) ? passkey.error : null;
  const signInWithPasskey = () => {
    setRefusal(null);
    passkey.mutate(undefined, { onSuccess: () => void navigate(returnTo(), { replace: true }) });
  };

  return (
    <AccountScreen
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-page"
      footer={
        <p>
          {t('login.no_account')}{' '}
          <Link to={paths.signup} className={textLink}>
            {t('login.sign_up')}
          </Link>
        </p>
      }
    >
      <form
        onSubmit={(event) => {
          passkey.reset();
          submit(event);
        }}
        noValidate
        className="space-y-4"
        data-testid="login-form"
      >
        <IdentifierField form={form} name="identifier" purpose="sign-in" />
        <div>
          <PasswordField
            form={form}
            name="password"
            label={t('password.label')}
            autoComplete="current-password"
          />
          <p className="mt-2 text-right text-sm">
            <Link to={paths.forgotPassword} className={textLink} data-testid="forgot-password">
              {t('login.forgot')}
            </Link>
          </p>
        </div>
        {refusal !== null && (
          <Notice tone="error" testId="login-refused">
            <p>{errorMessage(refusal, t)}</p>
            {locked && (
              <p>
                <Link to={paths.forgotPassword} className="font-medium underline underline-offset-2">
                  {t('login.get_reset_link')}
                </Link>
              </p>
            )}
          </Notice>
        )}
        <Button
          type="submit"
          size="lg"
          className={wrappingButton}
          loading={login.isPending}
          data-testid="sign-in"
        >
          {t('login.submit')}
        </Button>
      </form>

      {(webAuthn || options?.external || options?.demo) && (
        <div className="mt-6 space-y-3 border-t border-stone-200 pt-5">
          {webAuthn && (
            <>
              <Button
                variant="outline"
                size="lg"
                className={wrappingButton}
                onClick={signInWithPasskey}
                loading={passkey.isPending}
                data-testid="passkey-sign-in"
              >
                {!passkey.isPending && <KeyRound aria-hidden className="size-5" />}
                {t('login.passkey')}
              </Button>
              {passkeyRefusal && (
                <Notice tone="error" testId="passkey-refused">
                  <p>
                    {passkeyRefusal instanceof ApiError
                      ? errorMessage(passkeyRefusal, t)
                      : t('login.passkey_failed')}
                  </p>
                </Notice>
              )}
            </>
          )}
          {options?.external && (
            <Button
              variant="outline"
              size="lg"
              className={wrappingButton}
              onClick={() => provider.mutate()}
              loading={provider.isPending}
              data-testid="provider-sign-in"
            >
              {t('login.provider')}
            </Button>
          )}
          {options?.demo && (
            <div>
              <Button
                variant="secondary"
                size="lg"
                className={wrappingButton}
                onClick={() =>
                  demo.mutate('retailer', { onSuccess: () => void navigate(returnTo(), { replace: true }) })
                }
                loading={demo.isPending}
                data-testid="try-demo"
              >
                {t('login.try_demo')}
              </Button>
              <p className="mt-1 text-center text-xs text-stone-600">{t('login.demo_note')}</p>
            </div>
          )}
        </div>
      )}
    </AccountScreen>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_LINK_MINUTES, passwordResetRequestSchema } from '@tt/domain';
import { useContractForm } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useRequestPasswordReset } from './accounts-api';
import { AccountScreen, Notice, textLink, wrappingButton } from './components/AccountScreen';
import { IdentifierField } from './components/IdentifierField';
import { useAccountSubmit } from './components/useAccountSubmit';

/**
 * Asking for a password reset link. The answer is the same whether or not such an account exists, and so are
 * the words here: they say only how a link would travel (by email, or from an administrator where this network
 * sends no email).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('accounts');
  const request = useRequestPasswordReset();
  const [emailSent, setEmailSent] = useState<boolean | null>(null);
  const form = useContractForm(passwordResetRequestSchema, { defaultValues: { identifier: '' } });
  const { submit, refusal } = useAccountSubmit(
    form,
    (values) => request.mutateAsync({ identifier: values.identifier.value }),
    { onSuccess: (answer) => setEmailSent(answer.email_sent) },
  );
  const back = (
    <p>
      <Link to={paths.login} className={textLink}>
        {t('forgot.back')}
      </Link>
    </p>
  );

  if (emailSent !== null) {
    return (
      <AccountScreen
        title={emailSent ? t('forgot.sent_title') : t('forgot.no_email_title')}
        footer={back}
        testId="reset-requested"
      >
        <Notice tone={emailSent ? 'success' : 'info'} testId={emailSent ? 'reset-emailed' : 'reset-no-email'}>
          <p>{emailSent ? t('forgot.sent', { minutes: PASSWORD_LINK_MINUTES }) : t('forgot.no_email')}</p>
        </Notice>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={back}
      testId="forgot-password-page"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="forgot-form">
        <IdentifierField form={form} name="identifier" purpose="sign-in" />
        {refusal !== null && (
          <Notice tone="error">
            <p>{errorMessage(refusal, t)}</p>
          </Notice>
        )}
        <Button type="submit" size="lg" className={wrappingButton} loading={request.isPending}>
          {t('forgot.submit')}
        </Button>
      </form>
    </AccountScreen>
  );
}

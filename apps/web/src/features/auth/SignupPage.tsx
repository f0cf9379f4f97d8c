import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_TYPES,
  normaliseReferralCode,
  PROVINCES,
  REFERRAL_COOKIE,
  signupSchema,
  TERMS_VERSION,
  type SignupInput,
} from '@tt/domain';
import { FormField, SelectField, fieldMessage, useContractForm } from '../../components/form';
import { Button } from '../../components/ui/Button';
import { ApiError } from '../../lib/api';
import { errorMessage, translateCode } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { returnTo } from '../../lib/return-to';
import { useInvitation, useSignup } from './accounts-api';
import { AccountScreen, Notice, textLink, wrappingButton } from './components/AccountScreen';
import { IdentifierField } from './components/IdentifierField';
import { PasswordField } from './components/PasswordField';
import { useAccountSubmit } from './components/useAccountSubmit';

/** The referral code a join link left in its cookie (features/referrals' JoinPage), if any. */
function referralCookie(): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${REFERRAL_COOKIE}=`));
  return normaliseReferralCode(entry?.slice(REFERRAL_COOKIE.length + 1));
}

const forgetReferralCookie = () => {
  document.cookie = `${REFERRAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};

/**
 * Opening an account of this network's own: a mobile number or email address and a password, who and what the
 * business is, and the acceptance of the terms and privacy notice of TERMS_VERSION. A referral code (`?ref=`, or
 * the join link's cookie) goes with it; so does a staff invitation (`?invitation=`), once the server has said
 * what it offers. The domain's schema checks the form, so the browser refuses what the server would, in the same
 * words.
 */
export default function SignupPage() {
  const { t, i18n } = useTranslation(['accounts', 'profile']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const invitationToken = params.get('invitation') || null;
  const invitation = useInvitation(invitationToken);
  const ref = normaliseReferralCode(params.get('ref')) ?? referralCookie();
  const signup = useSignup();
  const form = useContractForm(signupSchema, {
    defaultValues: { identifier: '', password: '', name: '', company_name: '' },
  });
  const { submit, refusal } = useAccountSubmit(
    form,
    (values) => {
      const body: SignupInput = {
        identifier: values.identifier.value,
        password: values.password,
        name: values.name,
        company_name: values.company_name,
        business_type: values.business_type,
        state: values.state,
        accept_terms: values.accept_terms,
        ...(ref ? { ref } : {}),
        // Only an invitation the server has confirmed: a refused one is left out, and says so above.
        ...(invitationToken && invitation.data ? { invitation_token: invitationToken } : {}),
      };
      return signup.mutateAsync(body);
    },
    {
      fieldFor: { 'auth.identifier_taken': 'identifier' },
      onSuccess: () => {
        forgetReferralCookie();
        void navigate(returnTo(), { replace: true });
      },
    },
  );
  const withoutInvitation = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invitation');
        return next;
      },
      { replace: true },
    );
  const termsError = fieldMessage(form.formState.errors.accept_terms);

  return (
    <AccountScreen
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      wide
      testId="signup-page"
      footer={
        <p>
          {t('signup.have_account')}{' '}
          <Link to={paths.login} className={textLink}>
            {t('signup.sign_in')}
          </Link>
        </p>
      }
    >
      {invitationToken && (
        <div className="mb-5">
          {invitation.isPending ? (
            <Notice tone="info">
              <p>{t('signup.invitation_checking')}</p>
            </Notice>
          ) : invitation.data ? (
            <Notice tone="success" testId="invitation-offer">
              <p className="font-medium">
                {t('signup.invited', { role: t(`common:roles.${invitation.data.role}`) })}
              </p>
              <p>
                {t('signup.invited_until', { date: formatDate(invitation.data.expires_at, i18n.language) })}
              </p>
            </Notice>
          ) : (
            <Notice tone="error" testId="invitation-refused">
              <p>{invitationRefusal(invitation.error, t)}</p>
              <button
                type="button"
                onClick={withoutInvitation}
                className="min-h-8 font-medium underline underline-offset-2"
                data-testid="without-invitation"
              >
                {t('signup.without_invitation')}
              </button>
            </Notice>
          )}
        </div>
      )}

      <form onSubmit={submit} noValidate className="space-y-4" data-testid="signup-form">
        <IdentifierField form={form} name="identifier" purpose="sign-up" />
        <PasswordField form={form} name="password" label={t('password.label')} autoComplete="new-password" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="name"
            id="name"
            label={t('signup.name')}
            required
            inputProps={{ autoComplete: 'name', autoCapitalize: 'words' }}
          />
          <FormField
            form={form}
            name="company_name"
            id="company_name"
            label={t('signup.company_name')}
            required
            inputProps={{ autoComplete: 'organization', autoCapitalize: 'words' }}
          />
          <SelectField
            form={form}
            name="business_type"
            id="business_type"
            label={t('signup.business_type')}
            required
            placeholder={t('signup.choose')}
            options={BUSINESS_TYPES.map((b) => ({ value: b, label: t(`profile:business_types.${b}`) }))}
          />
          <SelectField
            form={form}
            name="state"
            id="state"
            label={t('signup.state')}
            required
            placeholder={t('signup.choose')}
            options={PROVINCES.map((p) => ({ value: p, label: p }))}
          />
        </div>
        {ref && (
          <p className="text-sm text-stone-700" data-testid="referral-code">
            {t('signup.referral')} <span className="font-mono font-bold text-brand-700">{ref}</span>
          </p>
        )}
        <div>
          <label className="flex items-start gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              id="accept_terms"
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
              aria-required
              {...(termsError ? { 'aria-invalid': true, 'aria-describedby': 'accept_terms-error' } : {})}
              {...form.register('accept_terms')}
            />
            <span>{t('signup.accept_terms', { version: TERMS_VERSION })}</span>
          </label>
          {/* Outside the label, so the checkbox's name stays the sentence; a new tab, so the form is not lost. */}
          <p className="mt-1 pl-8 text-sm">
            <a
              href={paths.terms}
              target="_blank"
              rel="noopener"
              className={textLink}
              data-testid="read-terms"
            >
              {t('signup.read_terms')}
              <span className="sr-only"> {t('signup.new_tab')}</span>
            </a>
          </p>
          {termsError && (
            <p role="alert" id="accept_terms-error" className="mt-1 text-xs text-red-600">
              {termsError}
            </p>
          )}
        </div>
        {refusal !== null && (
          <Notice tone="error" testId="signup-refused">
            <p>{errorMessage(refusal, t)}</p>
          </Notice>
        )}
        <Button
          type="submit"
          size="lg"
          className={wrappingButton}
          loading={signup.isPending}
          // Sent before the server has said what the invitation offers, the account would open without it.
          disabled={invitationToken !== null && invitation.isPending}
          data-testid="sign-up"
        >
          {t('signup.submit')}
        </Button>
      </form>
    </AccountScreen>
  );
}

/** Why an invitation cannot be used: the server's reason, or (a link cut short, say) that it cannot. */
function invitationRefusal(error: unknown, t: Parameters<typeof errorMessage>[1]) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
    return translateCode('auth.invitation_invalid', undefined, t) ?? error.message;
  return errorMessage(error, t);
}

import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Gift } from 'lucide-react';
import {
  centsToRand,
  normaliseReferralCode,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_MAX_AGE_S,
  REFERRAL_REWARD_CENTS,
} from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useAuthOptions, useDemoLogin, useMe, useProviderSignIn } from '../auth/api';

/**
 * The page a referral link opens (`/join?ref=CODE`, spec 1 §9). The code is kept in a first-party cookie
 * for a month, so the account created by the next sign-in records who invited it (the server reads it).
 */
export default function JoinPage() {
  const { t } = useTranslation('referrals');
  const [params] = useSearchParams();
  const code = normaliseReferralCode(params.get('ref'));
  const { data: user } = useMe();
  const { data: options } = useAuthOptions();
  const provider = useProviderSignIn();
  const demo = useDemoLogin();
  const navigate = useNavigate();

  useEffect(() => {
    if (!code || user) return;
    document.cookie = `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${REFERRAL_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }, [code, user]);

  if (user) {
    return (
      <Card className="mx-auto max-w-lg p-6 text-center">
        <Gift aria-hidden className="mx-auto size-10 text-brand-700" />
        <h1 className="mt-3 text-xl font-bold text-stone-900">{t('join.signed_in_title')}</h1>
        <p className="mt-2 text-sm text-stone-600">{t('join.signed_in_message')}</p>
        <Link to={paths.referrals} className={buttonClass('primary', 'md', 'mt-5')}>
          {t('join.own_link')}
        </Link>
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-lg p-6 text-center" data-testid="join-page">
      <Gift aria-hidden className="mx-auto size-10 text-brand-700" />
      <h1 className="mt-3 text-xl font-bold text-stone-900">
        {code ? t('join.title') : t('join.no_code_title')}
      </h1>
      <p className="mt-2 text-sm text-stone-600">
        {code
          ? t('join.message', { reward: formatMoney(centsToRand(REFERRAL_REWARD_CENTS)) })
          : t('join.no_code_message')}
      </p>
      {code && (
        <p className="mt-3 text-sm text-stone-700">
          {t('join.code')} <span className="font-mono font-bold text-brand-700">{code}</span>
        </p>
      )}
      <div className="mt-6 flex flex-col gap-2">
        {options?.external ? (
          <Button
            size="lg"
            onClick={() => provider.mutate()}
            loading={provider.isPending}
            data-testid="join-sign-up"
          >
            {t('join.sign_up')}
          </Button>
        ) : (
          // An account of this network's own; the code goes with it (and stays in the cookie meanwhile).
          <Link
            to={code ? `${paths.signup}?ref=${encodeURIComponent(code)}` : paths.signup}
            className={buttonClass('primary', 'lg')}
            data-testid="join-sign-up"
          >
            {t('join.sign_up')}
          </Link>
        )}
        <Button
          variant="outline"
          onClick={() =>
            demo.mutate('retailer', { onSuccess: () => void navigate(paths.dashboard, { replace: true }) })
          }
          loading={demo.isPending}
        >
          {t('join.try_demo')}
        </Button>
        <p className="text-xs text-stone-600">{t('join.demo_note')}</p>
      </div>
    </Card>
  );
}

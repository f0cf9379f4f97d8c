import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Loading } from '../../components/ui/Loading';
import { ApiError, NETWORK_ERROR_CODE } from '../../lib/api';
import { loadErrorTranslations, translateCode } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { returnTo } from '../../lib/return-to';
import { useCodeExchange, useMe } from './api';

/**
 * What a person reads when the sign-in cannot be completed: the reason in their language when the
 * server names one we translate, else a plain "it did not work". Never the server's technical text
 * (issue 10 point 12: "Cannot exchange code for session token", "HTTP status 503").
 */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR_CODE) return t('common:errors.network');
    const translated = translateCode(error.code, error.params, t);
    if (translated) return translated;
    if (error.status === 429) return t('common:errors.rate_limited');
  }
  return t('failed');
}

/**
 * Spec 1 §2: completes the provider's sign-in with the code in the URL, then goes to the page the person
 * was opening when asked to sign in (issue 10 point 5), else the dashboard.
 * Someone already signed in (Back after signing in, a bookmarked callback) goes straight there.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth_callback');
  const navigate = useNavigate();
  const me = useMe();
  const exchange = useCodeExchange();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signedIn = Boolean(me.data);

  useEffect(() => {
    // Wait to know who is signed in; the code can be exchanged once only, so a second effect run
    // (StrictMode) must not send it again.
    if (me.isPending || signedIn || started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    if (!code) {
      setFailure(t('no_code'));
      return;
    }
    exchange.mutate(
      {
        code,
        ...(params.get('state') ? { state: params.get('state')! } : {}),
        ...(params.get('iss') ? { iss: params.get('iss')! } : {}),
      },
      {
        onSuccess: () => void navigate(returnTo(), { replace: true }),
        onError: (error) => void loadErrorTranslations().then(() => setFailure(failureText(error, t))),
      },
    );
  }, [exchange, navigate, me.isPending, signedIn, t]);

  if (signedIn && !failure) return <Navigate to={returnTo()} replace />;
  if (!failure) return <Loading label={t('common:auth.completing')} />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('title')}</h1>
      <p role="alert" className="max-w-md text-sm text-stone-600" data-testid="sign-in-failure">
        {failure}
      </p>
      <Link
        to={paths.home}
        // The label is a sentence in some languages: it wraps on a narrow phone instead of overflowing.
        className="inline-flex min-h-10 max-w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        data-testid="sign-in-again"
      >
        {t('back')}
      </Link>
    </main>
  );
}

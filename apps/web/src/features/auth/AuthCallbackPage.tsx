import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { exchangeFailedMessage, MISSING_CODE_MESSAGE } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { Loading } from '../../components/ui/Loading';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useCodeExchange } from './api';

/** Spec 1 §2: completes the provider's sign-in with the code in the URL, then goes to the dashboard. */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exchange = useCodeExchange();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // The code can be exchanged once only, so a second effect run (StrictMode) must not send it again.
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    if (!code) {
      setFailure(MISSING_CODE_MESSAGE);
      return;
    }
    exchange.mutate(
      {
        code,
        ...(params.get('state') ? { state: params.get('state')! } : {}),
        ...(params.get('iss') ? { iss: params.get('iss')! } : {}),
      },
      {
        onSuccess: () => void navigate(paths.dashboard, { replace: true }),
        onError: (error) =>
          setFailure(
            error instanceof ApiError && error.message.startsWith('Failed')
              ? error.message
              : exchangeFailedMessage(error instanceof ApiError ? error.status : 0),
          ),
      },
    );
  }, [exchange, navigate]);

  if (!failure) return <Loading label={t('auth.completing')} />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('auth.failed_title')}</h1>
      <p role="alert" className="max-w-md text-sm text-stone-600">
        {failure}
      </p>
      <Link to={paths.home} className={buttonClass('primary')}>
        {t('auth.try_again')}
      </Link>
    </main>
  );
}

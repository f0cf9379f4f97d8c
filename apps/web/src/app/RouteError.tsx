import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../components/ui/Button';

/** A screen that failed to load (often a chunk missed while offline): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <AlertTriangle aria-hidden className="size-10 text-brand-600" />
      <h1 className="text-xl font-semibold">{t('errors.screen_title')}</h1>
      <p className="max-w-sm text-stone-600">
        {navigator.onLine ? t('errors.screen_message') : t('errors.screen_offline')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}

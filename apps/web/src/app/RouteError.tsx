import { useLayoutEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { removeFirstPaint } from '../lib/first-paint';

/**
 * A screen that failed to load (often a chunk never downloaded, opened offline): say so and offer a reload.
 * `inShell`: shown inside the app's frame, so the bottom bar still leads to the screens that are saved.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  console.warn(error);
  // The landing page's first paint (index.html) must not hide the explanation.
  useLayoutEffect(removeFirstPaint, []);
  return (
    <div
      role="alert"
      data-testid="route-error"
      className={`flex flex-col items-center justify-center gap-3 p-6 text-center ${inShell ? 'min-h-[50dvh]' : 'min-h-dvh'}`}
    >
      <AlertTriangle aria-hidden className="size-10 text-brand-600" />
      <h1 className="text-xl font-semibold">{t('errors.screen_title')}</h1>
      <p className="max-w-sm text-stone-600">
        {navigator.onLine ? t('errors.screen_message') : t('errors.screen_offline')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}

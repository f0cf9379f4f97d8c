import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/ui/Loading';
import { useMe } from '../features/auth/api';
import { paths } from '../lib/paths';

// The shell (sidebar, bell, drawer) is not needed by the landing page, so it is not in the first load.
const AppShell = lazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
import { PublicLayout } from './shell/PublicLayout';

/** Spec 1 §2: a loading message while the user loads; no user -> /. */
export function RequireUser() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  if (isPending) return <Loading label={t('common.loading')} />;
  if (!user) return <Navigate to={paths.home} replace />;
  return (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <AppShell user={user} />
    </Suspense>
  );
}

/** A signed-in user on / goes to the dashboard. */
export function SignedOutOnly() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  if (isPending) return <Loading label={t('common.loading')} />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** Screens without a user gate (payments, supply chain): inside the shell when signed in. */
export function OptionalUser() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  if (isPending) return <Loading label={t('common.loading')} />;
  return user ? (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <AppShell user={user} />
    </Suspense>
  ) : (
    <PublicLayout />
  );
}

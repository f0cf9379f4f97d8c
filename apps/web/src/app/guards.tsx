import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/ui/Loading';
import { useMe } from '../features/auth/api';
import { paths } from '../lib/paths';
import { AppShell } from './shell/AppShell';
import { PublicLayout } from './shell/PublicLayout';

/** Spec 1 §2: a loading message while the user loads; no user -> /. */
export function RequireUser() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  if (isPending) return <Loading label={t('common.loading')} />;
  if (!user) return <Navigate to={paths.home} replace />;
  return <AppShell user={user} />;
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
  return user ? <AppShell user={user} /> : <PublicLayout />;
}

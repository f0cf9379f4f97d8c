import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { can, type Permission } from '@tt/domain';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { Loading } from '../components/ui/Loading';
import { useMe } from '../features/auth/api';
import { paths } from '../lib/paths';
import { forgetReturnTo, rememberReturnTo, returnTo } from '../lib/return-to';

// The shell (sidebar, bell, drawer) is not needed by the landing page, so it is not in the first load.
const AppShell = lazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
import { PublicLayout } from './shell/PublicLayout';

/**
 * Spec 1 §2: a loading message while the user loads; no user -> /, remembering the page asked for so
 * that signing in opens it (issue 10 point 5).
 */
export function RequireUser() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  const location = useLocation();
  // Signed in and arrived: the remembered page has been opened (or was not wanted).
  useEffect(() => {
    if (user) forgetReturnTo();
  }, [user]);
  if (isPending) return <Loading label={t('common.loading')} />;
  if (!user) {
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={paths.home} replace />;
  }
  return (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <AppShell user={user} />
    </Suspense>
  );
}

/** A signed-in user on / goes to the page they were going to before signing in, else the dashboard. */
export function SignedOutOnly() {
  const { t } = useTranslation();
  const { data: user, isPending } = useMe();
  if (isPending) return <Loading label={t('common.loading')} />;
  if (user) return <Navigate to={returnTo()} replace />;
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

/**
 * A screen for the roles holding a permission (the domain's one map, the same the server's routes
 * declare): the others see why instead of a screen whose every call would be refused. A screen whose
 * spec words its own refusal names its namespace, whose `access_restricted.title` and `.message` are shown.
 */
export function RequirePermission({ permission, namespace }: { permission: Permission; namespace?: string }) {
  const { t } = useTranslation(namespace ? [namespace, 'common'] : 'common');
  const { data: user } = useMe();
  if (user && can(user.role, permission)) return <Outlet />;
  return (
    <Card
      className="flex flex-col items-center px-6 py-12 text-center"
      role="alert"
      data-testid="access-restricted"
    >
      <h1 className="text-lg font-semibold">
        {namespace ? t(`${namespace}:access_restricted.title`) : t('common:common.access_restricted_title')}
      </h1>
      <p className="mt-1 max-w-md text-sm text-stone-600">
        {namespace
          ? t(`${namespace}:access_restricted.message`)
          : t('common:common.access_restricted_message')}
      </p>
      <Link to={paths.dashboard} className={buttonClass('primary', 'md', 'mt-5')}>
        {t('common:common.go_to_dashboard')}
      </Link>
    </Card>
  );
}

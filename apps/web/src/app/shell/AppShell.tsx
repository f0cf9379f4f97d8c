import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AppUser } from '@tt/domain';
import { Loading } from '../../components/ui/Loading';
import { useLogout } from '../../features/auth/api';
import { useDemoNotifications } from '../../features/notifications/api';
import {
  DESKTOP_QUERY,
  MENU_TAP,
  afterFirstPaint,
  isFirstPaintHeld,
  removeFirstPaint,
  takeFirstPaintTap,
  useAfterFirstPaint,
  useMediaQuery,
} from '../../lib/first-paint';
import { paths } from '../../lib/paths';
import { BottomBar } from './BottomBar';
import { FloatingArea } from './FloatingArea';
import { LanguagePicker } from '../../components/ui/LanguagePicker';
import { Logo } from '../../components/ui/Logo';
import { RoleBadge } from '../../components/ui/RoleBadge';
import { Sidebar } from './Sidebar';

// Issue 9: the bell (its Radix popover and the positioning library under it) is not part of what the screen shows
// first; its code is evaluated in a task of its own once the first paint is done, not with the shell's. The
// service worker precaches it with the shell (vite.config.ts), so it opens offline too.
const NotificationBell = lazy(() =>
  import('../../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);
// The phone's menu (Radix's dialog) likewise: loaded once the first paint is done, or at once when the menu is
// opened before that.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

export function AppShell({ user }: { user: AppUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  // Issue 9: a phone never builds the sidebar (CSS would only hide it), and the bell, the install offer and
  // the connectivity notice (none of them part of what the screen shows first) wait for the first paint.
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const painted = useAfterFirstPaint();
  useDemoNotifications(user.is_demo);

  const onLogout = () => {
    setMenuOpen(false);
    logout.mutate(undefined, { onSettled: () => void navigate(paths.home, { replace: true }) });
  };

  return (
    <div className="min-h-dvh lg:pl-64">
      {desktop && (
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-stone-200 bg-white lg:block">
          <Sidebar user={user} onLogout={onLogout} />
        </aside>
      )}

      {(painted || menuOpen) && (
        <Suspense fallback={null}>
          <MobileMenu user={user} open={menuOpen} onOpenChange={setMenuOpen} onLogout={onLogout} />
        </Suspense>
      )}

      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
          <button
            type="button"
            className="grid size-10 place-items-center rounded-lg text-stone-700 hover:bg-stone-100 lg:hidden"
            aria-label={t('shell.open_menu')}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <div className="hidden min-[420px]:block lg:hidden">
            <Logo />
          </div>
          <p className="hidden min-w-0 truncate text-sm text-stone-600 lg:block" data-testid="welcome">
            {t('shell.welcome', { name: user.name.split(' ')[0] })}
          </p>
          <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
            <LanguagePicker />
            {painted ? (
              <Suspense fallback={<span aria-hidden className="size-10" />}>
                <NotificationBell />
              </Suspense>
            ) : (
              <span aria-hidden className="size-10" />
            )}
            <span className="hidden sm:inline-flex">
              <RoleBadge role={user.role} />
            </span>
          </div>
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-stone-100 px-4 py-1.5 text-sm lg:hidden">
          <p className="min-w-0 break-words text-stone-600">
            {t('shell.welcome', { name: user.name.split(' ')[0] })}
          </p>
          <span className="min-w-0 sm:hidden" data-testid="role-badge-phone">
            <RoleBadge role={user.role} />
          </span>
        </div>
      </header>

      <main className="mx-auto w-full max-w-7xl px-3 pt-5 pb-24 sm:px-6 lg:pb-10">
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <Outlet />
          <ShellFirstPaintGone onMenu={() => setMenuOpen(true)} />
        </Suspense>
      </main>
      <BottomBar role={user.role} />
      {painted && <FloatingArea />}
    </div>
  );
}

/**
 * Issue 9: the signed-in shell's first paint (plain HTML in index.html, `apps/web/first-screen.ts`) stays until the
 * opened screen has rendered here, then goes in the same frame: inside the screen's Suspense, this commits with it,
 * so the heading is never replaced by a loading state. A tap on its menu button in the meantime opens the menu.
 */
function ShellFirstPaintGone({ onMenu }: { onMenu: () => void }) {
  useLayoutEffect(() => {
    // Not while the screen holds it (the marketplace's cards, until ProductsPage has them): that screen takes it.
    if (!isFirstPaintHeld()) removeFirstPaint();
    afterFirstPaint(() => {
      if (takeFirstPaintTap(MENU_TAP)) onMenu();
    });
    // Once, when the first screen has rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

import { NavLink } from 'react-router';
import { LogOut, UserCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatE164, type AppUser } from '@tt/domain';
import { cn } from '../../components/ui/cn';
import { paths } from '../../lib/paths';
import { visibleGroups } from './nav';
import { Logo } from '../../components/ui/Logo';

export function Sidebar({
  user,
  onNavigate,
  onLogout,
}: {
  user: AppUser;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
    );
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-stone-200 px-4">
        <Logo />
      </div>
      <nav aria-label={t('shell.main_navigation')} className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
        {visibleGroups(user.role).map((group) => (
          <div key={group.id}>
            <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">
              {t(`nav.groups.${group.id}`)}
            </p>
            <ul className="space-y-0.5">
              {group.entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink to={entry.path} className={linkClass} onClick={onNavigate}>
                    <entry.icon aria-hidden className="size-4 shrink-0" />
                    <span className="min-w-0 break-words">{t(`nav.${entry.label}`)}</span>
                    {entry.isNew && (
                      <span className="ml-auto rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
                        {t('nav.new')}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="shrink-0 space-y-0.5 border-t border-stone-200 p-3">
        <NavLink to={paths.profile} className={linkClass} onClick={onNavigate}>
          <UserCircle aria-hidden className="size-4" />
          <span className="min-w-0">
            <span className="block break-words">{t('nav.profile')}</span>
            <span className="block text-xs font-normal break-all text-stone-500">
              {user.email ?? (user.mobile !== null ? formatE164(user.mobile) : null)}
            </span>
          </span>
        </NavLink>
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-red-50 hover:text-red-700"
        >
          <LogOut aria-hidden className="size-4" />
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}

import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { bottomTabs } from './nav';

export function BottomBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('shell.bottom_navigation')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid grid-cols-5">
        {bottomTabs.map((tab) => (
          <li key={tab.path}>
            <NavLink
              to={tab.path}
              className={({ isActive }) =>
                cn(
                  'flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium',
                  isActive ? 'text-brand-700' : 'text-stone-500',
                )
              }
            >
              <tab.icon aria-hidden className="size-5" />
              <span className="max-w-full truncate px-1">{t(`nav.${tab.label}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

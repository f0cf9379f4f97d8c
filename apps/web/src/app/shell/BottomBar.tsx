import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@tt/domain';
import { cn } from '../../components/ui/cn';
import { useCartCount } from '../../features/cart/api';
import { paths } from '../../lib/paths';
import { bottomTabs } from './nav';

export function BottomBar({ role }: { role: Role }) {
  const { t } = useTranslation();
  const cartCount = useCartCount(role);
  return (
    <nav
      aria-label={t('shell.bottom_navigation')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid grid-cols-5">
        {bottomTabs.map((tab) => {
          const badge = tab.path === paths.cart && cartCount > 0 ? cartCount : 0;
          return (
            <li key={tab.path}>
              <NavLink
                to={tab.path}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-14 flex-col items-center justify-center gap-0.5 py-1 text-[11px] font-medium',
                    isActive ? 'text-brand-700' : 'text-stone-500',
                  )
                }
              >
                <span className="relative">
                  <tab.icon aria-hidden className="size-5" />
                  {badge > 0 && (
                    <span
                      data-testid="cart-tab-badge"
                      className="absolute -top-1.5 -right-2.5 min-w-4 rounded-full bg-brand-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
                    >
                      {badge > 9 ? '9+' : badge}
                    </span>
                  )}
                </span>
                {/* Never truncated: a long word (isiZulu "Ideshibhodi") gets the whole column, then a second line. */}
                <span className="w-full px-0.5 text-center leading-tight [overflow-wrap:anywhere]">
                  {t(`nav.${tab.label}`)}
                  {badge > 0 && <span className="sr-only"> ({badge})</span>}
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

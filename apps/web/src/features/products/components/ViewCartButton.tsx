import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShoppingCart } from 'lucide-react';
import type { AppUser } from '@tt/domain';
import { buttonClass } from '../../../components/ui/Button';
import { paths } from '../../../lib/paths';
import { useCartCount } from '../../cart/api';

export function ViewCartButton({ user }: { user: AppUser }) {
  const { t } = useTranslation('products');
  const count = useCartCount(user.role);
  return (
    <Link to={paths.cart} className={buttonClass('outline')} data-testid="view-cart">
      <ShoppingCart aria-hidden className="size-4" />
      {t('view_cart')}
      <span
        className="min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
        aria-label={t('cart_lines', { count })}
        data-testid="view-cart-count"
      >
        {count}
      </span>
    </Link>
  );
}

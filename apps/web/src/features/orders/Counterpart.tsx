import { useTranslation } from 'react-i18next';
import { orderScopeFor, type AppUser, type Order } from '@tt/domain';

/** Who is on the other side of an order: the seller for a buyer, the buyer for a seller, both for an admin. */
export function Counterpart({ order, user }: { order: Order; user: AppUser }) {
  const { t } = useTranslation('orders');
  const scope = orderScopeFor(user.role);
  return (
    <>
      {scope !== 'seller' && (
        <p className="truncate text-sm text-stone-700">{t('from', { name: order.distributor_name })}</p>
      )}
      {scope !== 'buyer' && (
        <p className="truncate text-sm text-stone-700">{t('for', { name: order.retailer_name })}</p>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { formatRand, randToCents, type Order } from '@tt/domain';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { paths } from '../../../lib/paths';

/** Step 3: the orders the server placed, with the numbers it gave them (DECISIONS 19) and a way to each. */
export function CheckoutConfirmation({ orders }: { orders: Order[] }) {
  const { t } = useTranslation('cart');
  return (
    <Card className="mx-auto max-w-xl" data-testid="checkout-confirmation">
      <div className="flex flex-col items-center gap-2 px-4 pt-6 text-center">
        <CircleCheck aria-hidden className="size-12 text-green-700" />
        <h1 className="text-xl font-bold text-stone-900">
          {t('confirmation.title', { count: orders.length })}
        </h1>
        <p className="text-sm text-stone-600">{t('confirmation.text', { count: orders.length })}</p>
      </div>
      <ul className="mt-4 divide-y divide-stone-100 border-y border-stone-100">
        {orders.map((order) => (
          <li
            key={order.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
            data-testid="placed-order"
          >
            <div className="min-w-0 flex-1">
              <p className="font-mono text-sm font-semibold text-stone-900" data-testid="placed-order-number">
                {order.order_number}
              </p>
              <p className="text-xs text-stone-600">
                {t('confirmation.from', {
                  name: order.distributor_name,
                  total: formatRand(randToCents(order.total_amount)),
                })}
              </p>
            </div>
            <Link
              to={`${paths.orders}?order=${order.id}`}
              className={buttonClass('outline', 'sm')}
              data-testid="view-order"
              aria-label={t('confirmation.view_named', { number: order.order_number })}
            >
              {t('confirmation.view')}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 p-4 sm:flex-row">
        <Link to={paths.orders} className={buttonClass('primary', 'md', 'sm:flex-1')}>
          {t('confirmation.all_orders')}
        </Link>
        <Link to={paths.products} className={buttonClass('outline', 'md', 'sm:flex-1')}>
          {t('continue_shopping')}
        </Link>
      </div>
    </Card>
  );
}

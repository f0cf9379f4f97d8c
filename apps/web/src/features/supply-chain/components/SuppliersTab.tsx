import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { formatRandAmount, SEARCH_TEXT_MAX, type SupplyChain } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SearchFilters } from '../../../components/ui/SearchFilters';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { NoOrders } from './NoOrders';

/** Spec 2's Suppliers tab with its search: every supplier of the period with its figures. */
export function SuppliersTab({
  chain,
  search,
  onSearch,
  searched,
}: {
  chain: SupplyChain;
  search: string;
  onSearch: (value: string) => void;
  /** The search the list answers (deferred while typing). */
  searched: string;
}) {
  const { t, i18n } = useTranslation('supply_chain');
  if (chain.totals.orders === 0) return <NoOrders />;
  return (
    <div>
      <SearchFilters
        search={{
          label: t('suppliers.search'),
          placeholder: t('suppliers.search_placeholder'),
          value: search,
          onChange: (value) => onSearch(value.slice(0, SEARCH_TEXT_MAX)),
          testId: 'supplier-search',
        }}
      />
      {chain.suppliers.length === 0 ? (
        <Card>
          <EmptyState
            icon={Search}
            title={t('suppliers.no_match', { search: searched })}
            testId="supplier-no-match"
          />
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="supplier-list">
          {chain.suppliers.map((s) => (
            <li key={s.seller_id}>
              <Card className="h-full p-4" data-testid="supplier-card" data-seller-id={s.seller_id}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 font-semibold break-words text-stone-900">{s.name}</h3>
                  {s.open > 0 && <Badge tone="blue">{t('suppliers.open', { count: s.open })}</Badge>}
                </div>
                <p className="mt-1 text-2xl font-bold whitespace-nowrap text-stone-900 tabular-nums">
                  {formatRandAmount(s.spend)}
                </p>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-stone-600">{t('suppliers.orders')}</dt>
                  <dd className="text-right font-medium text-stone-900 tabular-nums">{s.orders}</dd>
                  <dt className="text-stone-600">{t('suppliers.delivered')}</dt>
                  <dd className="text-right font-medium text-stone-900 tabular-nums">{s.delivered}</dd>
                  <dt className="text-stone-600">{t('suppliers.cancelled')}</dt>
                  <dd className="text-right font-medium text-stone-900 tabular-nums">{s.cancelled}</dd>
                  <dt className="text-stone-600">{t('suppliers.delivery_fees')}</dt>
                  <dd className="text-right font-medium whitespace-nowrap text-stone-900 tabular-nums">
                    {formatRandAmount(s.delivery_fees)}
                  </dd>
                  <dt className="text-stone-600">{t('suppliers.delivery_days')}</dt>
                  <dd className="text-right font-medium text-stone-900 tabular-nums">
                    {s.average_delivery_days === null
                      ? t('none')
                      : t('days', { count: s.average_delivery_days })}
                  </dd>
                  <dt className="text-stone-600">{t('suppliers.last_order')}</dt>
                  <dd className="text-right font-medium text-stone-900">
                    {formatDate(s.last_order_at, i18n.language)}
                  </dd>
                </dl>
                <Link
                  to={paths.orders}
                  className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
                >
                  {t('suppliers.see_orders')}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

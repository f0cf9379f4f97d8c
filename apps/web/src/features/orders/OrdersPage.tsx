import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, MapPin, Receipt, StickyNote } from 'lucide-react';
import { ORDER_STATUSES, orderScopeFor, type AppUser, type Order, type OrderStatus } from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Loading } from '../../components/ui/Loading';
import { OrderStatusBadge } from '../../components/ui/OrderStatusBadge';
import { PageHeader } from '../../components/ui/PageHeader';
import { cn } from '../../components/ui/cn';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { ORDER_PAGE_SIZE, useOrders } from './api';
import { Counterpart } from './Counterpart';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { ProposedToMePanel } from './BulkProposalsPanel';
import { useQueryParams } from '../../lib/query-params';

export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const { data: user } = useMe();
  const [params, setParams] = useQueryParams();
  const statusParam = params.get('status');
  const status = ORDER_STATUSES.includes(statusParam as OrderStatus)
    ? (statusParam as OrderStatus)
    : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const orders = useOrders({ status, page });
  // The open order lives in the URL (/orders?order=<id>), so a notification opens it too, even when it is
  // not on the current page (the dialog fetches it by id).
  const linked = Number(params.get('order'));
  const openId = Number.isSafeInteger(linked) && linked > 0 ? linked : null;
  const setOpenId = (id: number | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete('order');
        else next.set('order', String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  if (!user) return null;
  const scope = orderScopeFor(user.role);

  const go = (next: { status?: OrderStatus; page?: number }) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(() => search);
  };

  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.page_size || ORDER_PAGE_SIZE))) : 1;
  const open = data?.orders.find((o) => o.id === openId);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t(`subtitle.${scope}`)} />
      <ProposedToMePanel role={user.role} />
      <nav aria-label={t('filter_label')} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {[undefined, ...ORDER_STATUSES].map((s) => {
            const active = s === status;
            return (
              <li key={s ?? 'all'}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => go({ status: s })}
                  data-testid={`status-chip-${s ?? 'all'}`}
                  className={cn(
                    'h-8 rounded-full px-3 text-sm font-medium ring-1 ring-inset',
                    active
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50',
                  )}
                >
                  {s ? t(`common:order_status.${s}`) : t('all_orders')}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      {orders.isPending ? (
        <Loading label={t('common:common.loading')} />
      ) : orders.isError && !data ? (
        <Card>
          <EmptyState
            icon={Receipt}
            title={t('common:errors.screen_title')}
            action={
              <Button variant="outline" onClick={() => void orders.refetch()}>
                {t('common:common.reload')}
              </Button>
            }
          />
        </Card>
      ) : !data || data.orders.length === 0 ? (
        <Card data-testid="orders-empty">
          <EmptyState
            icon={Receipt}
            title={
              status
                ? t('empty.status_title', { status: t(`common:order_status.${status}`) })
                : t(`empty.${scope}_title`)
            }
            message={status ? t(`empty.${scope}_status_text`) : t(`empty.${scope}_text`)}
            action={
              scope === 'buyer' ? (
                <Link to={paths.products} className={buttonClass('primary')}>
                  {t('browse_products')}
                </Link>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <>
          <ul
            className={cn('grid grid-cols-1 gap-3 lg:grid-cols-2', orders.isPlaceholderData && 'opacity-60')}
          >
            {data.orders.map((order) => (
              <li key={order.id} className="min-w-0">
                <OrderCard order={order} user={user} onOpen={() => setOpenId(order.id)} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="mt-5 flex items-center justify-center gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => go({ status, page: page - 1 })}
                aria-label={t('previous_page')}
              >
                <ChevronLeft aria-hidden className="size-4" />
              </Button>
              <p className="text-sm text-stone-600">{t('page_of', { page, pages })}</p>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => go({ status, page: page + 1 })}
                aria-label={t('next_page')}
              >
                <ChevronRight aria-hidden className="size-4" />
              </Button>
            </div>
          )}
        </>
      )}

      {openId !== null && (
        <OrderDetailsDialog id={openId} initial={open} user={user} onClose={() => setOpenId(null)} />
      )}
    </>
  );
}

/** The other party: the seller for a buyer, the shop for a seller, both for an admin. */
function OrderCard({ order, user, onOpen }: { order: Order; user: AppUser; onOpen: () => void }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Card
      className="flex h-full flex-col p-3 sm:p-4"
      data-testid="order-card"
      data-order-number={order.order_number}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-stone-900">{order.order_number}</h2>
          <p className="text-xs text-stone-500">{formatDate(order.created_at, i18n.language)}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="mt-2 min-w-0">
        <Counterpart order={order} user={user} />
      </div>
      {order.delivery_address && (
        <p className="mt-1 flex gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
          <span className="min-w-0 break-words">{order.delivery_address}</span>
        </p>
      )}
      {order.notes && (
        <p className="mt-1 flex gap-1.5 text-sm text-stone-600">
          <StickyNote aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
          <span className="min-w-0 break-words">{order.notes}</span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-3">
        <div>
          <p className="text-lg font-bold whitespace-nowrap tabular-nums" data-testid="order-total">
            {formatMoney(order.total_amount)}
          </p>
          <p className="text-xs whitespace-nowrap text-stone-500" data-testid="order-tax">
            {t('tax', { amount: formatMoney(order.tax_amount) })}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onOpen} data-testid="view-details">
          {t('view_details')}
        </Button>
      </div>
    </Card>
  );
}

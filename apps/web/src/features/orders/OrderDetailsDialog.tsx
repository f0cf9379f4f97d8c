import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Package, Tag } from 'lucide-react';
import {
  SELLER_NEXT_STATUS,
  buyerCanCancel,
  can,
  centsToRand,
  orderDiscountParts,
  type AppUser,
  type Order,
} from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Loading } from '../../components/ui/Loading';
import { OrderStatusBadge } from '../../components/ui/OrderStatusBadge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCancelOrder, useMarkOrderPaid, useMoveOrder, useOrder } from './api';
import { Counterpart } from './Counterpart';
import { DeclineOrderAction, DeclineReason } from './DeclineOrder';

export function OrderDetailsDialog({
  id,
  initial,
  user,
  onClose,
}: {
  id: number;
  initial: Order | undefined;
  user: AppUser;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('orders');
  const { data: order } = useOrder(id, initial);
  const { offers, rewards } = order ? orderDiscountParts(order) : { offers: 0, rewards: 0 };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={order ? t('details.title', { number: order.order_number }) : t('details.loading')}
      closeLabel={t('details.close')}
      footer={order && actionFor(order, user) && <OrderActions order={order} user={user} />}
    >
      {!order ? (
        <Loading label={t('common:common.loading')} />
      ) : (
        <div data-testid="order-details" data-status={order.status}>
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span className="text-sm text-stone-500">{formatDateTime(order.created_at, i18n.language)}</span>
          </div>
          <div className="mt-2">
            <Counterpart order={order} user={user} />
            <p className="text-sm text-stone-600">
              {t(`details.delivery_option.${order.delivery_option}`)}
              {order.delivery_address ? ` · ${order.delivery_address}` : ''}
            </p>
            {order.notes && <p className="mt-1 text-sm text-stone-600">{order.notes}</p>}
            {order.decline_reason && <DeclineReason reason={order.decline_reason} />}
            {order.paid_at && (
              <p className="mt-1 text-sm font-medium text-green-800" data-testid="order-paid">
                {t('details.paid', { date: formatDateTime(order.paid_at, i18n.language) })}
              </p>
            )}
          </div>

          <h3 className="mt-4 mb-1 text-sm font-semibold text-stone-900">{t('details.items')}</h3>
          <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
            {order.items.map((item) => (
              <li key={item.product_id} className="flex items-start gap-3 p-2.5" data-testid="order-item">
                <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-md bg-stone-50">
                  {item.image_url ? (
                    <img
                      src={item.image_url}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="size-full object-contain p-1"
                    />
                  ) : (
                    <Package aria-hidden className="size-5 text-stone-300" />
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words">{item.name}</p>
                  <p className="text-xs text-stone-500">{t('details.sku', { sku: item.sku })}</p>
                  <p className="text-xs text-stone-600 tabular-nums">
                    {t('details.quantity_price', {
                      count: item.quantity,
                      price: formatMoney(item.unit_price),
                    })}
                  </p>
                  {item.discount > 0 && (
                    <p
                      className="mt-0.5 flex items-center gap-1 text-xs font-medium text-green-800"
                      data-testid="order-item-discount"
                    >
                      <Tag aria-hidden className="size-3.5 shrink-0" />
                      <span className="min-w-0">
                        {t(`details.offer.${item.offer_type ?? 'promotion'}`)}{' '}
                        <span className="whitespace-nowrap tabular-nums">−{formatMoney(item.discount)}</span>
                      </span>
                    </p>
                  )}
                </div>
                <p className="text-sm font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(item.total_price)}
                </p>
              </li>
            ))}
          </ul>

          <dl className="mt-4 space-y-1.5 text-sm">
            <Row label={t('details.subtotal')} value={formatMoney(order.subtotal)} />
            {offers > 0 && (
              <Row
                label={t('details.discount')}
                value={`−${formatMoney(centsToRand(offers))}`}
                testId="details-discount"
                saving
              />
            )}
            {rewards > 0 && (
              <Row
                label={t('details.rewards')}
                value={`−${formatMoney(centsToRand(rewards))}`}
                testId="details-rewards"
                saving
              />
            )}
            <Row label={t('details.vat')} value={formatMoney(order.tax_amount)} testId="details-vat" />
            <Row
              label={t('details.delivery')}
              value={formatMoney(order.delivery_fee)}
              testId="details-delivery"
            />
            <div className="flex justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold">
              <dt>{t('details.total')}</dt>
              <dd className="whitespace-nowrap tabular-nums" data-testid="details-total">
                {formatMoney(order.total_amount)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Dialog>
  );
}

function Row({
  label,
  value,
  testId,
  saving = false,
}: {
  label: string;
  value: string;
  testId?: string;
  /** Money taken off: shown in green, as the checkout's review showed it. */
  saving?: boolean;
}) {
  return (
    <div className={saving ? 'flex justify-between gap-3 text-green-800' : 'flex justify-between gap-3'}>
      <dt className={saving ? undefined : 'text-stone-600'}>{label}</dt>
      <dd className="font-medium whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function actionFor(order: Order, user: AppUser): 'advance' | 'cancel' | 'pay' | null {
  // The same permission and record rules the server's routes declare (orders.sell + order_seller, orders.place + own_order).
  if (can(user.role, 'orders.sell') && order.seller_id === user.id && SELLER_NEXT_STATUS[order.status]) {
    return 'advance';
  }
  if (
    can(user.role, 'orders.place') &&
    order.buyer_id === user.id &&
    buyerCanCancel(order.status, new Date(order.created_at))
  ) {
    return 'cancel';
  }
  // The buyer records paying for a delivered order (orders.place + own_order); the books post it.
  if (
    can(user.role, 'orders.place') &&
    order.buyer_id === user.id &&
    order.status === 'delivered' &&
    order.paid_at === null
  ) {
    return 'pay';
  }
  return null;
}

/** DECISIONS 11: the seller moves the order on one step; the buyer may cancel early on; others look only. */
function OrderActions({ order, user }: { order: Order; user: AppUser }) {
  const { t } = useTranslation('orders');
  const move = useMoveOrder();
  const cancel = useCancelOrder();
  const markPaid = useMarkOrderPaid();
  const [confirming, setConfirming] = useState(false);
  const [declining, setDeclining] = useState(false);
  const next = SELLER_NEXT_STATUS[order.status];

  const action = actionFor(order, user);

  if (action === 'advance' && next) {
    return (
      <div className="flex flex-col-reverse flex-wrap gap-2 sm:flex-row sm:justify-end">
        <DeclineOrderAction order={order} open={declining} onOpenChange={setDeclining} />
        {!declining && (
          <Button
            className="w-full sm:w-auto"
            loading={move.isPending}
            onClick={() => move.mutate({ id: order.id, status: next })}
            data-testid="advance-order"
          >
            {t(`actions.to_${next}`)}
          </Button>
        )}
      </div>
    );
  }

  if (action === 'pay') {
    if (!confirming) {
      return (
        <div className="flex justify-end">
          <Button className="w-full sm:w-auto" onClick={() => setConfirming(true)} data-testid="mark-paid">
            {t('actions.mark_paid')}
          </Button>
        </div>
      );
    }
    return (
      <div role="alertdialog" aria-label={t('actions.pay_confirm_title')} className="space-y-2">
        <p className="text-sm text-stone-700">
          {t('actions.pay_confirm_text', { total: formatMoney(order.total_amount) })}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('actions.not_yet')}
          </Button>
          <Button
            loading={markPaid.isPending}
            onClick={() => markPaid.mutate(order.id, { onSettled: () => setConfirming(false) })}
            data-testid="confirm-mark-paid"
          >
            {t('actions.pay_confirm')}
          </Button>
        </div>
      </div>
    );
  }

  if (action === 'cancel') {
    if (!confirming) {
      return (
        <div className="flex justify-end">
          <Button
            variant="outline"
            className="w-full text-red-700 sm:w-auto"
            onClick={() => setConfirming(true)}
            data-testid="cancel-order"
          >
            {t('actions.cancel')}
          </Button>
        </div>
      );
    }
    return (
      <div role="alertdialog" aria-label={t('actions.cancel_confirm_title')} className="space-y-2">
        <p className="text-sm text-stone-700">{t('actions.cancel_confirm_text')}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('actions.keep')}
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(order.id, { onSettled: () => setConfirming(false) })}
            data-testid="confirm-cancel"
          >
            {t('actions.cancel_confirm')}
          </Button>
        </div>
      </div>
    );
  }
  return null;
}

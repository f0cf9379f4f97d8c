import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, CheckCircle2, Package, Users } from 'lucide-react';
import {
  bulkOrderIsFull,
  bulkProgressPercent,
  type BulkOrder,
  type Membership,
  type Participation,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { toastSuccess } from '../../../lib/toast';
import { useLeaveBulkOrder, useParticipate } from '../api';
import { JoinBulkOrderDialog, LeaveBulkOrderDialog } from './CommitmentDialogs';

function OrderImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg bg-stone-50">
      {src && !failed ? (
        <img
          src={src}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-contain p-1.5"
        />
      ) : (
        <Package aria-hidden className="size-8 text-stone-300" />
      )}
    </div>
  );
}

/** What the member committed on this order, and the way out while it is open and unpaid. */
function MyParticipation({ participation, open }: { participation: Participation; open: boolean }) {
  const { t } = useTranslation('bulk_orders');
  const leave = useLeaveBulkOrder();
  const [confirming, setConfirming] = useState(false);
  const canLeave = open && participation.payment_status === 'pending';
  return (
    <div className="space-y-2" data-testid="my-participation">
      <p
        className="flex flex-wrap items-center gap-x-1.5 text-sm font-medium text-green-700"
        data-testid="joined-quantity"
      >
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        {t('card.joined', { count: participation.quantity_ordered })}
        <span className="tabular-nums" data-testid="joined-amount">
          · {formatMoney(participation.total_amount)}
        </span>
      </p>
      {canLeave && (
        <>
          <Button
            className="w-full"
            variant="outline"
            onClick={() => setConfirming(true)}
            data-testid="leave-bulk-order"
          >
            {t('leave.button')}
          </Button>
          <LeaveBulkOrderDialog
            participation={participation}
            open={confirming}
            onOpenChange={setConfirming}
            leaving={leave.isPending}
            onConfirm={() =>
              leave.mutate(participation.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toastSuccess(t('leave.done'));
                },
              })
            }
          />
        </>
      )}
    </div>
  );
}

/** Join opens the confirmation (JoinBulkOrderDialog); the call is made only from there. */
function JoinButton({ order, disabled }: { order: BulkOrder; disabled: boolean }) {
  const { t } = useTranslation('bulk_orders');
  const participate = useParticipate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        className="w-full"
        disabled={disabled}
        onClick={() => setConfirming(true)}
        data-testid="join-bulk-order"
      >
        {t('card.join', { count: order.minimum_quantity })}
      </Button>
      <JoinBulkOrderDialog
        order={order}
        open={confirming}
        onOpenChange={setConfirming}
        joining={participate.isPending}
        onConfirm={() =>
          participate.mutate(order, {
            onSuccess: () => {
              setConfirming(false);
              toastSuccess(t('confirm.done'));
            },
          })
        }
      />
    </>
  );
}

export function BulkOrderCard({
  order,
  memberships,
  participation,
}: {
  order: BulkOrder;
  memberships: Membership[] | undefined;
  participation: Participation | undefined;
}) {
  const { t, i18n } = useTranslation('bulk_orders');
  const progress = bulkProgressPercent(order.current_quantity, order.target_quantity);
  const member = memberships?.some((m) => m.coop_id === order.coop_id) ?? false;
  const ended = new Date(order.end_date) < new Date();
  const full = bulkOrderIsFull(order);
  return (
    <Card className="flex h-full flex-col p-4" data-testid="bulk-order-card" data-order-id={order.id}>
      <div className="flex gap-3">
        <OrderImage src={order.product_image_url} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900" data-testid="bulk-product">
            {order.product_name}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-xs text-stone-500">
            <Users aria-hidden className="size-3.5 shrink-0" />
            <span className="min-w-0 break-words">{order.coop_name}</span>
          </p>
          <div className="mt-1.5 flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-bold text-stone-900 tabular-nums">
              {formatMoney(order.final_unit_price)}
            </span>
            {order.bulk_discount_percentage > 0 && (
              <>
                <span className="text-sm text-stone-600 tabular-nums line-through">
                  {formatMoney(order.unit_price)}
                </span>
                <Badge tone="green">{t('card.discount', { percent: order.bulk_discount_percentage })}</Badge>
              </>
            )}
          </div>
        </div>
      </div>
      <div className="mt-3">
        <div className="mb-1 flex justify-between gap-2 text-xs text-stone-500">
          <span data-testid="bulk-progress" className="flex flex-wrap items-center gap-1.5">
            {t('card.progress', { current: order.current_quantity, target: order.target_quantity })}
            {order.status === 'target_reached' && (
              <span data-testid="bulk-full-badge">
                <Badge tone="green">{t('card.full')}</Badge>
              </span>
            )}
          </span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <ProgressBar
          percent={progress}
          tone={progress >= 100 ? 'green' : 'blue'}
          label={t('card.progress_label')}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('card.minimum')}</dt>
          <dd className="font-medium tabular-nums">{t('card.units', { count: order.minimum_quantity })}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('card.ends')}</dt>
          <dd className="flex items-center gap-1 font-medium">
            <CalendarDays aria-hidden className="size-3.5 text-stone-400" />
            {formatDate(order.end_date, i18n.language)}
          </dd>
        </div>
      </dl>
      <div className="mt-auto space-y-2 pt-4">
        {participation ? (
          <MyParticipation participation={participation} open={!ended && order.status === 'active'} />
        ) : ended ? (
          <Button className="w-full" variant="outline" disabled>
            {t('card.ended')}
          </Button>
        ) : full ? (
          <p
            className="rounded-lg bg-stone-50 px-3 py-2 text-center text-sm font-medium text-stone-700"
            data-testid="bulk-full"
          >
            {order.room_left > 0 && order.status === 'active'
              ? t('card.room_below_minimum', { room: order.room_left, minimum: order.minimum_quantity })
              : t('card.full_note')}
          </p>
        ) : memberships && !member ? (
          <Link to={paths.cooperatives} className={buttonClass('outline', 'md', 'w-full')}>
            {t('card.members_only')}
          </Link>
        ) : (
          <JoinButton order={order} disabled={!memberships} />
        )}
      </div>
    </Card>
  );
}

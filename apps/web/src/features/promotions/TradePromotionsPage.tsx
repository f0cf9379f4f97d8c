import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgePercent, CalendarClock, CircleCheck, Hourglass, Plus, Tag } from 'lucide-react';
import { can, type Promotion, type PromotionList } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { StatCard } from '../../components/ui/StatCard';
import { formatMoney } from '../../lib/format';
import { useMe } from '../auth/api';
import { useCancelPromotion, useDeletePromotion, usePromotions } from './api';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PromotionCard } from './components/PromotionCard';
import { PromotionDetails } from './components/PromotionDetails';
import { PromotionDialog } from './components/PromotionDialog';

type Open = { kind: 'create' } | { kind: 'edit' | 'view' | 'cancel' | 'delete'; promotion: Promotion };

/** Trade promotions (spec 3): four figures, every published promotion, and the seller's own to manage. */
export default function TradePromotionsPage() {
  const { t } = useTranslation('promotions');
  const { data: user } = useMe();
  const promotions = usePromotions();
  const cancel = useCancelPromotion();
  const remove = useDeletePromotion();
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!user) return null;
  const mayCreate = can(user.role, 'promotions.create');
  const close = () => setOpen(null);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          mayCreate && (
            <Button onClick={() => setOpen({ kind: 'create' })} data-testid="create-promotion">
              <Plus aria-hidden className="size-4" />
              {t('actions.create')}
            </Button>
          )
        }
      />
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      )}
      <QueryState query={promotions} icon={BadgePercent}>
        {(data: PromotionList) => (
          <>
            <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="promotion-stats">
              <StatCard
                label={t('stats.active')}
                value={String(data.stats.active)}
                icon={CircleCheck}
                tone="bg-green-100 text-green-700"
              />
              <StatCard
                label={t('stats.scheduled')}
                value={String(data.stats.scheduled)}
                icon={CalendarClock}
                tone="bg-blue-100 text-blue-700"
              />
              <StatCard
                label={t('stats.expired')}
                value={String(data.stats.expired)}
                icon={Hourglass}
                tone="bg-yellow-100 text-yellow-800"
              />
              <StatCard
                label={t('stats.total_discount_given')}
                value={formatMoney(data.stats.total_discount_given)}
                icon={Tag}
              />
            </div>
            {data.promotions.length === 0 ? (
              <Card>
                <EmptyState
                  icon={BadgePercent}
                  title={t('empty.title')}
                  message={t(mayCreate ? 'empty.message_seller' : 'empty.message')}
                />
              </Card>
            ) : (
              <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="promotion-list">
                {data.promotions.map((p) => (
                  <PromotionCard
                    key={p.id}
                    promotion={p}
                    mine={p.supplier_id === user.id}
                    onView={() => setOpen({ kind: 'view', promotion: p })}
                    onEdit={() => setOpen({ kind: 'edit', promotion: p })}
                    onCancel={() => setOpen({ kind: 'cancel', promotion: p })}
                    onDelete={() => setOpen({ kind: 'delete', promotion: p })}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </QueryState>

      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <PromotionDialog
          promotion={open.kind === 'edit' ? open.promotion : undefined}
          onClose={close}
          onSaved={(saved) => done(t('saved', { name: saved.promotion_name }))}
        />
      )}
      {open?.kind === 'view' && <PromotionDetails promotion={open.promotion} onClose={close} />}
      {open?.kind === 'cancel' && (
        <ConfirmDialog
          title={t('confirm.cancel_title')}
          message={t('confirm.cancel_message', { name: open.promotion.promotion_name })}
          confirmLabel={t('actions.cancel')}
          cancelLabel={t('keep')}
          busy={cancel.isPending}
          onClose={close}
          onConfirm={() =>
            cancel.mutate(open.promotion.id, {
              onSuccess: () => done(t('cancelled', { name: open.promotion.promotion_name })),
            })
          }
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={t('confirm.delete_title')}
          message={t('confirm.delete_message')}
          confirmLabel={t('actions.delete')}
          cancelLabel={t('keep')}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(open.promotion.id, {
              onSuccess: () => done(t('deleted', { name: open.promotion.promotion_name })),
            })
          }
        />
      )}
    </>
  );
}

import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgePercent, CalendarClock, CircleCheck, Hourglass, Plus, Search, Tag } from 'lucide-react';
import {
  can,
  PROMOTION_STATUSES,
  type Promotion,
  type PromotionList,
  type PromotionStatus,
} from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { StatCard } from '../../components/ui/StatCard';
import { formatMoney } from '../../lib/format';
import { useMe } from '../auth/api';
import { SearchFilters, type FilterSelect } from '../../components/ui/SearchFilters';
import { useCancelPromotion, useDeletePromotion, usePromotions, usePublishPromotion } from './api';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PromotionDetails } from './components/PromotionDetails';
import { PromotionDialog } from './components/PromotionDialog';
import { PromotionTable } from './components/PromotionTable';

type Open =
  { kind: 'create' } | { kind: 'edit' | 'view' | 'publish' | 'cancel' | 'delete'; promotion: Promotion };

/** The promotions whose name, seller or description holds the words, in the chosen status. */
function matching(promotions: Promotion[], search: string, status: PromotionStatus | '') {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return promotions.filter(
    (p) =>
      (status === '' || p.status === status) &&
      words.every((w) =>
        `${p.promotion_name} ${p.supplier_name} ${p.description}`.toLocaleLowerCase().includes(w),
      ),
  );
}

/** Trade promotions (spec 3): four figures, the table of every published promotion and the seller's own. */
export default function TradePromotionsPage() {
  const { t } = useTranslation('promotions');
  const { data: user } = useMe();
  const promotions = usePromotions();
  const cancel = useCancelPromotion();
  const remove = useDeletePromotion();
  const publish = usePublishPromotion();
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PromotionStatus | ''>('');
  const deferred = useDeferredValue(search.trim());
  if (!user) return null;
  const mayCreate = can(user.role, 'promotions.create');
  const close = () => setOpen(null);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };
  const handlersFor = (promotion: Promotion) => ({
    onView: () => setOpen({ kind: 'view', promotion }),
    onEdit: () => setOpen({ kind: 'edit', promotion }),
    onPublish: () => setOpen({ kind: 'publish', promotion }),
    onCancel: () => setOpen({ kind: 'cancel', promotion }),
    onDelete: () => setOpen({ kind: 'delete', promotion }),
  });
  const clearFilters = () => {
    setSearch('');
    setStatus('');
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
              <PromotionList
                promotions={matching(data.promotions, deferred, status)}
                userId={user.id}
                handlersFor={handlersFor}
                filters={
                  <SearchFilters
                    search={{
                      label: t('filters.search'),
                      placeholder: t('filters.search_placeholder'),
                      value: search,
                      onChange: setSearch,
                      testId: 'promotion-search',
                    }}
                    filters={[
                      {
                        label: t('filters.status'),
                        value: status,
                        onChange: setStatus,
                        allLabel: t('filters.all_statuses'),
                        options: PROMOTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
                        testId: 'promotion-status-filter',
                      } satisfies FilterSelect<PromotionStatus>,
                    ]}
                  />
                }
                onClear={clearFilters}
              />
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
      {open?.kind === 'publish' && (
        <ConfirmDialog
          title={t('confirm.publish_title')}
          message={t('confirm.publish_message', { name: open.promotion.promotion_name })}
          confirmLabel={t('actions.publish')}
          cancelLabel={t('keep_draft')}
          busy={publish.isPending}
          onClose={close}
          onConfirm={() =>
            publish.mutate(open.promotion, {
              onSuccess: () => done(t('published', { name: open.promotion.promotion_name })),
            })
          }
        />
      )}
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

/** The filters, how many match, then the table (or, when nothing matches, a way back to all of them). */
function PromotionList({
  promotions,
  userId,
  handlersFor,
  filters,
  onClear,
}: {
  promotions: Promotion[];
  userId: number;
  handlersFor: Parameters<typeof PromotionTable>[0]['handlersFor'];
  filters: React.ReactNode;
  onClear: () => void;
}) {
  const { t } = useTranslation('promotions');
  return (
    <>
      {filters}
      <p className="mb-2 text-sm text-stone-600" aria-live="polite">
        {t('filters.shown', { count: promotions.length })}
      </p>
      {promotions.length === 0 ? (
        <Card>
          <EmptyState
            icon={Search}
            title={t('filters.no_match')}
            action={
              <Button variant="outline" onClick={onClear}>
                {t('filters.clear')}
              </Button>
            }
          />
        </Card>
      ) : (
        <PromotionTable promotions={promotions} userId={userId} handlersFor={handlersFor} />
      )}
    </>
  );
}

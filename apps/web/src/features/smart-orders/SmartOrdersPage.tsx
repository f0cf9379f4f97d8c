import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Plus, RefreshCw, Tags } from 'lucide-react';
import { can, type ReorderRule, type ScheduledOrder, type TradeOffer } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { TabPanel, Tabs, useTabParam, type TabItem } from '../../components/ui/Tabs';
import { useMe } from '../auth/api';
import {
  useDeleteOffer,
  useDeleteRule,
  useDeleteSchedule,
  useProposedOrders,
  useReorderRules,
  useScheduledOrders,
  useTradeOffers,
} from './api';
import { OfferCard, RuleCard, ScheduleCard } from './components/Cards';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ProposedOrders } from './components/ProposedOrders';
import { SmartOrderDialog, type Editing } from './components/SmartOrderDialog';

type Tab = 'auto' | 'scheduled' | 'offers';
type Deleting =
  | { kind: 'rule'; item: ReorderRule; name: string }
  | { kind: 'schedule'; item: ScheduledOrder; name: string }
  | { kind: 'offer'; item: TradeOffer; name: string };

const kindOf: Record<Tab, Editing['kind']> = { auto: 'rule', scheduled: 'schedule', offers: 'offer' };

/**
 * Smart orders (spec 3): Auto Re-order and Scheduled Orders for buyers, Trade Offers for supplier,
 * distributor and manufacturer (the server enforces both), each with its count; the proposed orders that
 * wait for the buyer above the tabs.
 */
export default function SmartOrdersPage() {
  const { t } = useTranslation('smart_orders');
  const { data: user } = useMe();
  const buys = can(user?.role, 'orders.place');
  const offers = can(user?.role, 'trade_offers.create');
  const tabs: Tab[] = [
    ...(buys ? (['auto', 'scheduled'] as const) : []),
    ...(offers ? (['offers'] as const) : []),
  ];
  const [tab, setTab] = useTabParam<Tab>(tabs.length > 0 ? tabs : ['auto']);
  const rules = useReorderRules(buys);
  const schedules = useScheduledOrders(buys);
  const proposals = useProposedOrders(buys);
  const tradeOffers = useTradeOffers(offers);
  const removeRule = useDeleteRule();
  const removeSchedule = useDeleteSchedule();
  const removeOffer = useDeleteOffer();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!user) return null;

  const done = (message: string) => {
    setEditing(null);
    setDeleting(null);
    setNotice(message);
  };
  const items: TabItem<Tab>[] = [
    ...(buys
      ? [
          { value: 'auto' as const, label: t('tabs.auto'), icon: RefreshCw, count: rules.data?.length ?? 0 },
          {
            value: 'scheduled' as const,
            label: t('tabs.scheduled'),
            icon: CalendarClock,
            count: schedules.data?.length ?? 0,
          },
        ]
      : []),
    ...(offers
      ? [
          {
            value: 'offers' as const,
            label: t('tabs.offers'),
            icon: Tags,
            count: tradeOffers.data?.length ?? 0,
          },
        ]
      : []),
  ];
  const createLabel = t(`actions.create_${kindOf[tab]}`);
  const create = () => setEditing({ kind: kindOf[tab] } as Editing);
  const empty = (icon: typeof RefreshCw, key: string) => (
    <Card>
      <EmptyState
        icon={icon}
        title={t(`empty.${key}.title`)}
        message={t(`empty.${key}.message`)}
        action={
          <Button onClick={create}>
            <Plus aria-hidden className="size-4" />
            {createLabel}
          </Button>
        }
      />
    </Card>
  );
  const grid = 'grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3';
  const confirmDelete = () => {
    if (!deleting) return;
    const after = { onSuccess: () => done(t('deleted', { name: deleting.name })) };
    if (deleting.kind === 'rule') removeRule.mutate(deleting.item.id, after);
    if (deleting.kind === 'schedule') removeSchedule.mutate(deleting.item.id, after);
    if (deleting.kind === 'offer') removeOffer.mutate(deleting.item.id, after);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t(offers && !buys ? 'subtitle_seller' : 'subtitle')}
        action={
          tabs.length > 0 && (
            <Button onClick={create} data-testid="create-smart-order">
              <Plus aria-hidden className="size-4" />
              {createLabel}
            </Button>
          )
        }
      />
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      )}
      {tabs.length === 0 ? (
        <Card>
          <EmptyState icon={RefreshCw} title={t('empty.none.title')} message={t('empty.none.message')} />
        </Card>
      ) : (
        <>
          {buys && proposals.data && <ProposedOrders proposals={proposals.data} onPlaced={done} />}
          <Tabs items={items} value={tab} onValueChange={setTab} label={t('tabs.label')}>
            {buys && (
              <TabPanel value="auto">
                <p className="mb-3 text-sm text-stone-600">{t('explain.auto')}</p>
                <QueryState query={rules} icon={RefreshCw}>
                  {(list: ReorderRule[]) =>
                    list.length === 0 ? (
                      empty(RefreshCw, 'auto')
                    ) : (
                      <div className={grid} data-testid="rule-list">
                        {list.map((r) => (
                          <RuleCard
                            key={r.id}
                            rule={r}
                            onEdit={() => setEditing({ kind: 'rule', rule: r })}
                            onDelete={() => setDeleting({ kind: 'rule', item: r, name: r.product_name })}
                          />
                        ))}
                      </div>
                    )
                  }
                </QueryState>
              </TabPanel>
            )}
            {buys && (
              <TabPanel value="scheduled">
                <p className="mb-3 text-sm text-stone-600">{t('explain.scheduled')}</p>
                <QueryState query={schedules} icon={CalendarClock}>
                  {(list: ScheduledOrder[]) =>
                    list.length === 0 ? (
                      empty(CalendarClock, 'scheduled')
                    ) : (
                      <div className={grid} data-testid="schedule-list">
                        {list.map((s) => (
                          <ScheduleCard
                            key={s.id}
                            schedule={s}
                            onEdit={() => setEditing({ kind: 'schedule', schedule: s })}
                            onDelete={() => setDeleting({ kind: 'schedule', item: s, name: s.order_name })}
                          />
                        ))}
                      </div>
                    )
                  }
                </QueryState>
              </TabPanel>
            )}
            {offers && (
              <TabPanel value="offers">
                <p className="mb-3 text-sm text-stone-600">{t('explain.offers')}</p>
                <QueryState query={tradeOffers} icon={Tags}>
                  {(list: TradeOffer[]) =>
                    list.length === 0 ? (
                      empty(Tags, 'offers')
                    ) : (
                      <div className={grid} data-testid="offer-list">
                        {list.map((o) => (
                          <OfferCard
                            key={o.id}
                            offer={o}
                            onEdit={() => setEditing({ kind: 'offer', offer: o })}
                            onDelete={() => setDeleting({ kind: 'offer', item: o, name: o.offer_name })}
                          />
                        ))}
                      </div>
                    )
                  }
                </QueryState>
              </TabPanel>
            )}
          </Tabs>
        </>
      )}
      {editing && <SmartOrderDialog editing={editing} onClose={() => setEditing(null)} onSaved={done} />}
      {deleting && (
        <ConfirmDialog
          title={t(`confirm_delete.${deleting.kind}`)}
          confirmLabel={t('actions.delete')}
          danger
          busy={removeRule.isPending || removeSchedule.isPending || removeOffer.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={confirmDelete}
          cancelLabel={t('keep')}
        >
          <div className="space-y-2 text-sm text-stone-700">
            <p>{t('confirm_delete.message', { name: deleting.name })}</p>
          </div>
        </ConfirmDialog>
      )}
    </>
  );
}

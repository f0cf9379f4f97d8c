import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Boxes, PlusCircle, ShoppingBasket } from 'lucide-react';
import type { Membership, Participation } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useMemberships } from '../cooperatives/api';
import { useBulkOrders, useParticipations } from './api';
import { BulkOrderCard } from './components/BulkOrderCard';
import { BulkTiles } from './components/BulkTiles';
import { CoordinatorInfo } from './components/CoordinatorInfo';
import { CreateOrderForm } from './components/CreateOrderForm';
import { ParticipationList } from './components/ParticipationList';
import { MyProposals } from './ProposalPanels';

const TABS = ['available', 'mine', 'create'] as const;
type Tab = (typeof TABS)[number];

export default function BulkOrdersPage() {
  const { t } = useTranslation('bulk_orders');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [justProposed, setJustProposed] = useState<number | null>(null);
  const orders = useBulkOrders({ status: 'active' });
  const participations = useParticipations();
  const memberships = useMemberships();
  const activeOnly = orders.data?.filter((o) => o.status === 'active');
  const active = { ...orders, data: activeOnly };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <BulkTiles active={activeOnly} participations={participations.data} />
      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'available', label: t('tabs.available'), icon: Boxes },
          { value: 'mine', label: t('tabs.mine'), icon: ShoppingBasket },
          { value: 'create', label: t('tabs.create'), icon: PlusCircle },
        ]}
      >
        <TabPanel value="available">
          <QueryState
            query={active}
            icon={Boxes}
            empty={{ title: t('available.empty_title'), message: t('available.empty_text') }}
          >
            {(list) => (
              <ul
                className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3"
                data-testid="bulk-order-list"
              >
                {list.map((order) => (
                  <li key={order.id} className="min-w-0">
                    <BulkOrderCard
                      order={order}
                      memberships={memberships.data}
                      participation={mineOn(participations.data, order.id)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </TabPanel>
        <TabPanel value="mine">
          <QueryState
            query={participations}
            icon={ShoppingBasket}
            empty={{
              title: t('mine.empty_title'),
              message: t('mine.empty_text'),
              action: (
                <Button onClick={() => setTab('available')} data-testid="participations-empty">
                  {t('mine.browse')}
                </Button>
              ),
            }}
          >
            {(list) => <ParticipationList participations={list} />}
          </QueryState>
        </TabPanel>
        <TabPanel value="create">
          <QueryState query={memberships} icon={Boxes}>
            {(list) =>
              coordinatedOf(list).length > 0 ? (
                <>
                  <CreateOrderForm
                    coordinated={coordinatedOf(list)}
                    onCreated={(created) =>
                      created.status === 'active' ? setTab('available') : setJustProposed(created.id)
                    }
                  />
                  <MyProposals justProposed={justProposed} />
                </>
              ) : (
                <CoordinatorInfo />
              )
            }
          </QueryState>
        </TabPanel>
      </Tabs>
    </>
  );
}

/** The member's participation in an order (one per member and order, DECISIONS: unique index). */
const mineOn = (participations: Participation[] | undefined, orderId: number) =>
  participations?.find((p) => p.bulk_order_id === orderId);

const coordinatedOf = (memberships: Membership[]) => memberships.filter((m) => m.is_coordinator);

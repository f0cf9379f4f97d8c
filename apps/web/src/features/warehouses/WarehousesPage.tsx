import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Boxes, PackageOpen, Plus, Ruler, Warehouse as WarehouseIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { ApiError } from '../../lib/api';
import { useCooperative } from '../cooperatives/api';
import { BackToCooperatives, CoopAccessPanel } from '../cooperatives';
import { UpgradeDialog, type PlanLimitHit } from '../subscriptions';
import { useUsageStats } from '../subscriptions/api';
import { useInventory, useOwnership, useWarehouses } from './api';
import { AllocateDialog } from './components/AllocateDialog';
import { CreateWarehouseDialog } from './components/CreateWarehouseDialog';
import { InventoryTable } from './components/InventoryTable';
import { OwnershipCard } from './components/OwnershipCard';
import { WarehouseCard } from './components/WarehouseCard';
import { WarehouseSummary } from './components/WarehouseSummary';
import { planSpaceLeftOf, withFreeSpace } from './plan-space';

const TABS = ['overview', 'inventory', 'ownership'] as const;
type Tab = (typeof TABS)[number];

export default function WarehousesPage() {
  const { t } = useTranslation('warehouses');
  const params = useParams();
  const coopId = Number(params.id);
  const coop = useCooperative(coopId);
  const warehouses = useWarehouses(coopId);
  const ownership = useOwnership();
  const inventory = useInventory();
  const usage = useUsageStats();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [creating, setCreating] = useState(false);
  /** The allocate dialog, open with a warehouse chosen (or none yet: 0). */
  const [allocating, setAllocating] = useState<number | null>(null);
  const [limit, setLimit] = useState<PlanLimitHit | null>(null);
  /** A refused form closes before the upgrade dialog opens: one sheet at a time (issue 10). */
  const showLimit = (hit: PlanLimitHit) => {
    setCreating(false);
    setAllocating(null);
    setLimit(hit);
  };

  const back = <BackToCooperatives label={t('back')} />;

  const warehouseStatus = warehouses.error instanceof ApiError ? warehouses.error.status : null;
  if (!(Number.isInteger(coopId) && coopId > 0) || warehouseStatus === 403 || warehouseStatus === 404) {
    const forbidden = warehouseStatus === 403;
    return (
      <CoopAccessPanel
        forbidden={forbidden}
        icon={WarehouseIcon}
        title={t(forbidden ? 'forbidden.title' : 'not_found.title')}
        text={t(forbidden ? 'forbidden.text' : 'not_found.text')}
        browseLabel={t('forbidden.browse')}
        backLabel={t('back')}
      />
    );
  }

  const list = warehouses.data ?? [];
  const withRoom = list.filter(withFreeSpace);
  const planSpaceLeft = planSpaceLeftOf(usage.data);
  /**
   * Spec 3 §5: at or above the plan's allowance the upgrade dialog opens instead of a form that cannot
   * succeed. The server enforces the same allowance (402) whatever the screen knew.
   */
  const spaceHit: PlanLimitHit | null =
    usage.data && planSpaceLeft === 0
      ? {
          feature: 'warehouse_space',
          used: usage.data.warehouse_space_used,
          limit: usage.data.max_warehouse_space,
        }
      : null;
  const countHit: PlanLimitHit | null =
    usage.data && usage.data.max_warehouses >= 0 && usage.data.warehouses_count >= usage.data.max_warehouses
      ? { feature: 'warehouses', used: usage.data.warehouses_count, limit: usage.data.max_warehouses }
      : null;
  const openAllocate = (warehouseId = 0) => setAllocating(warehouseId);
  const openCreate = () => setCreating(true);
  // What a tap opened is decided here, from the plan's numbers: the upgrade dialog when they say the form cannot
  // succeed, the form otherwise. A form opened before they had arrived (a quick tap on a slow link) gives way to
  // the dialog as soon as they do, as if they had been there at the tap.
  const allocateOpen = allocating !== null && !spaceHit;
  const createOpen = creating && !countHit;
  const shownLimit = limit ?? (allocating !== null ? spaceHit : null) ?? (creating ? countHit : null);
  const closeLimit = () => {
    setLimit(null);
    setAllocating(null);
    setCreating(false);
  };

  return (
    <>
      {back}
      <PageHeader
        title={t('title')}
        subtitle={coop.data ? t('subtitle_for', { name: coop.data.name }) : t('subtitle')}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={openCreate} data-testid="create-warehouse">
              <Plus aria-hidden className="size-4" />
              {t('create.open')}
            </Button>
            <Button
              onClick={() => openAllocate()}
              disabled={withRoom.length === 0}
              data-testid="allocate-space"
            >
              <Ruler aria-hidden className="size-4" />
              {t('allocate.open')}
            </Button>
          </div>
        }
      />
      <WarehouseSummary warehouses={warehouses} ownership={ownership} inventory={inventory} />

      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: WarehouseIcon },
          { value: 'inventory', label: t('tabs.inventory'), icon: PackageOpen },
          { value: 'ownership', label: t('tabs.ownership'), icon: Boxes },
        ]}
      >
        <TabPanel value="overview">
          <QueryState
            query={warehouses}
            icon={WarehouseIcon}
            empty={{
              title: t('overview.empty_title'),
              message: t('overview.empty_text'),
              action: <Button onClick={openCreate}>{t('create.open')}</Button>,
            }}
          >
            {(list) => (
              <ul
                className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3"
                data-testid="warehouse-list"
              >
                {list.map((w) => (
                  <li key={w.id} className="min-w-0">
                    <WarehouseCard warehouse={w} onAllocate={() => openAllocate(w.id)} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </TabPanel>
        <TabPanel value="inventory">
          <QueryState
            query={inventory}
            icon={PackageOpen}
            empty={{ title: t('inventory.empty'), message: t('inventory.empty_text') }}
          >
            {(items) => <InventoryTable items={items} />}
          </QueryState>
        </TabPanel>
        <TabPanel value="ownership">
          <QueryState
            query={ownership}
            icon={Boxes}
            empty={{
              title: t('ownership.empty_title'),
              message: t('ownership.empty_text'),
              action: (
                <Button onClick={() => openAllocate()} disabled={withRoom.length === 0}>
                  {t('allocate.open')}
                </Button>
              ),
            }}
          >
            {(list) => (
              <ul
                className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3"
                data-testid="ownership-list"
              >
                {list.map((o) => (
                  <li key={o.id} className="min-w-0">
                    <OwnershipCard ownership={o} />
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </TabPanel>
      </Tabs>

      {createOpen && (
        <CreateWarehouseDialog coopId={coopId} onClose={() => setCreating(false)} onPlanLimit={showLimit} />
      )}
      {allocateOpen && (
        <AllocateDialog
          coopId={coopId}
          warehouses={list}
          initialWarehouseId={allocating}
          onClose={() => setAllocating(null)}
          onAllocated={() => {
            setAllocating(null);
            setTab('ownership');
          }}
          onPlanLimit={showLimit}
          planSpaceLeftHundredths={planSpaceLeft}
        />
      )}
      <UpgradeDialog hit={shownLimit} onClose={closeLimit} />
    </>
  );
}

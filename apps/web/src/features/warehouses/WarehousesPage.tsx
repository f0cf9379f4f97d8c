import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Boxes,
  Building2,
  Crown,
  MapPin,
  PackageOpen,
  Plus,
  Ruler,
  Wallet,
  Warehouse as WarehouseIcon,
  type LucideIcon,
} from 'lucide-react';
import {
  formatRand,
  randToCents,
  spaceHundredths,
  utilisationPercent,
  utilisationTone,
  warehouseFull,
  type VirtualWarehouse,
  type WarehouseOwnership,
} from '@tt/domain';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { ApiError } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { useCooperative } from '../cooperatives/api';
import { UpgradeDialog, type PlanLimitHit } from '../subscriptions';
import { useUsageStats } from '../subscriptions/api';
import { useInventory, useOwnership, useWarehouses, type VirtualInventoryItem } from './api';
import { AllocateDialog, CreateWarehouseDialog } from './WarehouseDialogs';
import { cubicMetres } from './units';
import { LoadError } from '../../components/ui/LoadError';
import { BackToCooperatives, CoopAccessPanel } from '../cooperatives';

const TABS = ['overview', 'inventory', 'ownership'] as const;
type Tab = (typeof TABS)[number];

const typeIcons: Record<VirtualWarehouse['warehouse_type'], LucideIcon> = {
  shared: WarehouseIcon,
  dedicated: Building2,
  premium: Crown,
};

const ownershipTones: Record<WarehouseOwnership['status'], Tone> = {
  active: 'green',
  pending_payment: 'yellow',
  suspended: 'red',
};

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

  const owned = ownership.data ?? [];
  const ownedHundredths = owned.reduce((sum, o) => sum + spaceHundredths(o.allocated_space_cubic_meters), 0);
  const feesCents = owned.reduce((sum, o) => sum + randToCents(o.monthly_fee), 0);
  const inventoryCents = (inventory.data ?? []).reduce((sum, i) => sum + randToCents(i.total_value), 0);
  const list = warehouses.data ?? [];
  const withRoom = list.filter(
    (w) => w.is_active && !warehouseFull(w.allocated_capacity, w.total_capacity_cubic_meters),
  );
  const ready = (ok: boolean, value: string) => (ok ? value : '…');
  /** Plan space still free to allocate, in hundredths of m³ (null: not known yet, or unlimited). */
  const planSpaceLeft =
    usage.data && usage.data.max_warehouse_space >= 0
      ? Math.max(
          0,
          spaceHundredths(usage.data.max_warehouse_space) - spaceHundredths(usage.data.warehouse_space_used),
        )
      : null;
  /**
   * Spec 3 §5: at or above the plan's space allowance the upgrade dialog opens instead of a form that
   * cannot succeed. The server enforces the same allowance (402) whatever the screen knew.
   */
  const openAllocate = (warehouseId = 0) => {
    if (usage.data && planSpaceLeft === 0) {
      showLimit({
        feature: 'warehouse_space',
        used: usage.data.warehouse_space_used,
        limit: usage.data.max_warehouse_space,
      });
      return;
    }
    setAllocating(warehouseId);
  };
  const openCreate = () => {
    if (
      usage.data &&
      usage.data.max_warehouses >= 0 &&
      usage.data.warehouses_count >= usage.data.max_warehouses
    ) {
      showLimit({
        feature: 'warehouses',
        used: usage.data.warehouses_count,
        limit: usage.data.max_warehouses,
      });
      return;
    }
    setCreating(true);
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
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="warehouse-summary">
        <StatCard
          label={t('summary.space')}
          value={ready(ownership.isSuccess, cubicMetres(ownedHundredths / 100))}
          icon={Boxes}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t('summary.fees')}
          value={ready(ownership.isSuccess, formatRand(feesCents))}
          icon={Wallet}
          tone="bg-purple-100 text-purple-700"
          hint={t('summary.per_month')}
        />
        <StatCard
          label={t('summary.inventory')}
          value={ready(inventory.isSuccess, formatRand(inventoryCents))}
          icon={PackageOpen}
          tone="bg-green-100 text-green-700"
        />
        <StatCard
          label={t('summary.available')}
          value={ready(warehouses.isSuccess, String(list.length))}
          icon={WarehouseIcon}
          hint={warehouses.isSuccess ? t('summary.with_room', { count: withRoom.length }) : undefined}
        />
      </div>

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
          {warehouses.isPending ? (
            <Loading label={t('common:common.loading')} />
          ) : !warehouses.data ? (
            <LoadError icon={WarehouseIcon} onRetry={() => void warehouses.refetch()} />
          ) : list.length === 0 ? (
            <Card>
              <EmptyState
                icon={WarehouseIcon}
                title={t('overview.empty_title')}
                message={t('overview.empty_text')}
                action={<Button onClick={openCreate}>{t('create.open')}</Button>}
              />
            </Card>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="warehouse-list">
              {list.map((w) => (
                <li key={w.id} className="min-w-0">
                  <WarehouseCard warehouse={w} onAllocate={() => openAllocate(w.id)} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel value="inventory">
          {inventory.isPending ? (
            <Loading label={t('common:common.loading')} />
          ) : !inventory.data ? (
            <LoadError icon={WarehouseIcon} onRetry={() => void inventory.refetch()} />
          ) : inventory.data.length === 0 ? (
            <Card data-testid="inventory-empty">
              <EmptyState
                icon={PackageOpen}
                title={t('inventory.empty')}
                message={t('inventory.empty_text')}
              />
            </Card>
          ) : (
            <InventoryTable items={inventory.data} />
          )}
        </TabPanel>
        <TabPanel value="ownership">
          {ownership.isPending ? (
            <Loading label={t('common:common.loading')} />
          ) : !ownership.data ? (
            <LoadError icon={WarehouseIcon} onRetry={() => void ownership.refetch()} />
          ) : owned.length === 0 ? (
            <Card data-testid="ownership-empty">
              <EmptyState
                icon={Boxes}
                title={t('ownership.empty_title')}
                message={t('ownership.empty_text')}
                action={
                  <Button onClick={() => openAllocate()} disabled={withRoom.length === 0}>
                    {t('allocate.open')}
                  </Button>
                }
              />
            </Card>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="ownership-list">
              {owned.map((o) => (
                <li key={o.id} className="min-w-0">
                  <OwnershipCard ownership={o} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
      </Tabs>

      {creating && (
        <CreateWarehouseDialog coopId={coopId} onClose={() => setCreating(false)} onPlanLimit={showLimit} />
      )}
      {allocating !== null && (
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
      <UpgradeDialog hit={limit} onClose={() => setLimit(null)} />
    </>
  );
}

function WarehouseCard({
  warehouse: w,
  onAllocate,
}: {
  warehouse: VirtualWarehouse;
  onAllocate: () => void;
}) {
  const { t } = useTranslation('warehouses');
  const Icon = typeIcons[w.warehouse_type] ?? WarehouseIcon;
  const tone = utilisationTone(w.allocated_capacity, w.total_capacity_cubic_meters);
  const full = warehouseFull(w.allocated_capacity, w.total_capacity_cubic_meters);
  const percent = utilisationPercent(w.allocated_capacity, w.total_capacity_cubic_meters);
  return (
    <Card className="flex h-full flex-col p-4" data-testid="warehouse-card" data-warehouse-id={w.id}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{w.name}</h3>
          <p className="text-xs text-stone-500">{t(`types.${w.warehouse_type}`)}</p>
        </div>
        <Badge tone={w.is_active ? 'green' : 'grey'}>
          {t(w.is_active ? 'overview.active' : 'overview.inactive')}
        </Badge>
      </div>
      {w.description && <p className="mt-3 line-clamp-2 text-sm text-stone-600">{w.description}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('overview.total')}</dt>
          <dd className="font-medium tabular-nums">{cubicMetres(w.total_capacity_cubic_meters)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('overview.allocated')}</dt>
          <dd className="font-medium tabular-nums">{cubicMetres(w.allocated_capacity)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-stone-500">{t('overview.cost')}</dt>
          <dd className="font-medium tabular-nums">
            {t('overview.cost_value', { price: formatMoney(w.cost_per_cubic_meter_monthly) })}
          </dd>
        </div>
        {w.location_description && (
          <div className="col-span-2 flex items-start gap-1.5 text-stone-600">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
            <dt className="sr-only">{t('overview.location')}</dt>
            <dd className="min-w-0 break-words">{w.location_description}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3">
        <div className="mb-1 flex justify-between text-xs text-stone-500">
          <span>{t('overview.utilisation')}</span>
          <span className="tabular-nums">{percent}%</span>
        </div>
        <ProgressBar
          percent={percent}
          tone={tone}
          label={t('overview.utilisation')}
          testId="utilisation-bar"
        />
      </div>
      <div className="mt-auto pt-4">
        <Button
          className="w-full"
          variant={full ? 'outline' : 'primary'}
          disabled={full || !w.is_active}
          onClick={onAllocate}
          data-testid="allocate-in-warehouse"
        >
          {full ? t('overview.full') : t('allocate.open')}
        </Button>
      </div>
    </Card>
  );
}

/** On a phone each line is a card with every figure, Value included (issue 10 point 10); a table above. */
function InventoryCards({ items }: { items: VirtualInventoryItem[] }) {
  const { t } = useTranslation('warehouses');
  return (
    <ul className="space-y-2 sm:hidden" data-testid="inventory-cards">
      {items.map((item) => (
        <li key={item.id}>
          <Card className="p-3" data-testid="inventory-card">
            <p className="font-medium break-words text-stone-900">{item.product_name}</p>
            <p className="text-xs break-words text-stone-500">{item.warehouse_name}</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs break-words text-stone-500">{t('inventory.quantity')}</dt>
                <dd className="font-medium tabular-nums">{item.quantity}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs break-words text-stone-500">{t('inventory.reserved')}</dt>
                <dd className="font-medium tabular-nums">{item.reserved_quantity}</dd>
              </div>
              <div className="min-w-0 text-right">
                <dt className="text-xs break-words text-stone-500">{t('inventory.value')}</dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="inventory-value">
                  {formatMoney(item.total_value)}
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function InventoryTable({ items }: { items: VirtualInventoryItem[] }) {
  const { t } = useTranslation('warehouses');
  return (
    <>
      <InventoryCards items={items} />
      <Card className="hidden overflow-hidden sm:block">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="inventory-table">
            <thead className="bg-stone-50 text-xs text-stone-500 uppercase">
              <tr>
                <th className="px-4 py-2.5 font-medium">{t('inventory.product')}</th>
                <th className="px-4 py-2.5 font-medium">{t('inventory.warehouse')}</th>
                <th className="px-4 py-2.5 text-right font-medium">{t('inventory.quantity')}</th>
                <th className="px-4 py-2.5 text-right font-medium">{t('inventory.reserved')}</th>
                <th className="px-4 py-2.5 text-right font-medium">{t('inventory.value')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-2.5 font-medium">{item.product_name}</td>
                  <td className="px-4 py-2.5 text-stone-600">{item.warehouse_name}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{item.quantity}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{item.reserved_quantity}</td>
                  <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(item.total_value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

function OwnershipCard({ ownership: o }: { ownership: WarehouseOwnership }) {
  const { t, i18n } = useTranslation('warehouses');
  return (
    <Card className="p-4" data-testid="ownership-card" data-status={o.status}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{o.warehouse_name}</h3>
          <p className="text-xs text-stone-500">{t('ownership.owner', { name: o.owner_name })}</p>
        </div>
        <Badge tone={ownershipTones[o.status] ?? 'grey'}>{t(`ownership.status.${o.status}`)}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.space')}</dt>
          <dd className="font-medium tabular-nums">{cubicMetres(o.allocated_space_cubic_meters)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.share')}</dt>
          <dd className="font-medium tabular-nums">{o.ownership_percentage}%</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.fee')}</dt>
          <dd className="font-medium whitespace-nowrap tabular-nums">{formatMoney(o.monthly_fee)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('ownership.start')}</dt>
          <dd className="font-medium">{formatDate(o.start_date, i18n.language)}</dd>
        </div>
      </dl>
    </Card>
  );
}

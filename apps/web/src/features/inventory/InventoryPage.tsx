import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertTriangle,
  ArrowLeftRight,
  Bell,
  Boxes,
  CheckCircle2,
  ClipboardList,
  PackageX,
  Plus,
  Wallet,
} from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { formatMoney } from '../../lib/format';
import { useAlerts, useInventory } from './api';
import { AdjustmentsTab } from './components/AdjustmentsTab';
import { AlertsTab } from './components/AlertsTab';
import { MovementDialog } from './components/MovementDialog';
import { MovementsTab } from './components/MovementsTab';
import { OverviewTab } from './components/OverviewTab';

const TABS = ['overview', 'movements', 'alerts', 'adjustments'] as const;
type Tab = (typeof TABS)[number];

/** Spec 2's Inventory Management: four cards, four tabs, the Record Movement dialog. */
export default function InventoryPage() {
  const { t } = useTranslation('inventory');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  // The cards count every item whatever the list shows: the summary comes with any page of the list.
  const summary = useInventory({ limit: 1 }).data?.summary;
  const alerts = useAlerts();
  const [recording, setRecording] = useState<'in' | 'adjustment' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ready = (value: string | undefined) => value ?? '…';

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button onClick={() => setRecording('in')} data-testid="record-movement">
            <Plus aria-hidden className="size-4" />
            {t('record_movement')}
          </Button>
        }
      />
      {notice && (
        <div
          role="status"
          data-testid="inventory-notice"
          className="mb-4 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
        >
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          {notice}
        </div>
      )}
      <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('cards.items')} value={ready(summary?.total_items.toString())} icon={Boxes} />
        <StatCard
          label={t('cards.value')}
          value={ready(summary && formatMoney(summary.total_value))}
          icon={Wallet}
          tone="bg-green-100 text-green-800"
        />
        <StatCard
          label={t('cards.low')}
          value={ready(summary?.low_stock.toString())}
          icon={AlertTriangle}
          tone="bg-yellow-100 text-yellow-800"
        />
        <StatCard
          label={t('cards.out')}
          value={ready(summary?.out_of_stock.toString())}
          icon={PackageX}
          tone="bg-red-100 text-red-800"
        />
      </div>
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: Boxes },
          { value: 'movements', label: t('tabs.movements'), icon: ArrowLeftRight },
          {
            value: 'alerts',
            label: t('tabs.alerts'),
            icon: Bell,
            ...(alerts.data ? { count: alerts.data.length } : {}),
          },
          { value: 'adjustments', label: t('tabs.adjustments'), icon: ClipboardList },
        ]}
      >
        <TabPanel value="overview">
          <OverviewTab onNotice={setNotice} />
        </TabPanel>
        <TabPanel value="movements">
          <MovementsTab />
        </TabPanel>
        <TabPanel value="alerts">
          <AlertsTab onNotice={setNotice} />
        </TabPanel>
        <TabPanel value="adjustments">
          <AdjustmentsTab onRecord={() => setRecording('adjustment')} />
        </TabPanel>
      </Tabs>
      <MovementDialog
        open={recording !== null}
        initialType={recording ?? 'in'}
        onClose={() => setRecording(null)}
        onSaved={() => {
          setRecording(null);
          setNotice(t('notice.recorded'));
        }}
      />
    </>
  );
}

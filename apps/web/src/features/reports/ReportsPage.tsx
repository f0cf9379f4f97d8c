import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Activity, CalendarClock, FileText, LayoutDashboard } from 'lucide-react';
import { REPORT_PERIODS, type ReportPeriod } from '@tt/domain';
import { PageHeader } from '../../components/ui/PageHeader';
import { PeriodSelect } from '../../components/ui/PeriodSelect';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { GeneratedTab } from './components/GeneratedTab';
import { LiveTab } from './components/LiveTab';
import { OverviewTab } from './components/OverviewTab';
import { ScheduledTab } from './components/ScheduledTab';

const TABS = ['overview', 'generated', 'live', 'scheduled'] as const;
type Tab = (typeof TABS)[number];

/** Reports (spec 1 /reports): the period select and four tabs, all from the real orders (DECISIONS 12). */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [period, setPeriod] = useState<ReportPeriod>('30d');
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <PeriodSelect
            label={t('period.label')}
            value={period}
            periods={REPORT_PERIODS}
            periodLabel={(p) => t(`period.${p}`)}
            onChange={setPeriod}
            testId="report-period"
          />
        }
      />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: LayoutDashboard },
          { value: 'generated', label: t('tabs.generated'), icon: FileText },
          { value: 'live', label: t('tabs.live'), icon: Activity },
          { value: 'scheduled', label: t('tabs.scheduled'), icon: CalendarClock },
        ]}
      >
        <TabPanel value="overview">
          <OverviewTab period={period} />
        </TabPanel>
        <TabPanel value="generated">
          <GeneratedTab period={period} />
        </TabPanel>
        <TabPanel value="live">
          <LiveTab />
        </TabPanel>
        <TabPanel value="scheduled">
          <ScheduledTab />
        </TabPanel>
      </Tabs>
    </>
  );
}

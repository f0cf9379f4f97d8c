import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BookOpen,
  CheckCircle2,
  FileBarChart,
  Landmark,
  LayoutDashboard,
  ListTree,
  Plus,
} from 'lucide-react';
import { periodRange } from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useReverseEntry, type PeriodChoice } from './api';
import { AccountsPanel } from './components/AccountsPanel';
import { BankPanel } from './components/BankPanel';
import { DashboardPanel } from './components/DashboardPanel';
import { JournalPanel } from './components/JournalPanel';
import { NewEntryDialog } from './components/NewEntryDialog';
import { PeriodPicker } from './components/PeriodPicker';
import { ReportsPanel } from './components/ReportsPanel';
import { formatDay } from './components/shared';

const TABS = ['dashboard', 'accounts', 'journal', 'reports', 'bank'] as const;
type Tab = (typeof TABS)[number];
const ICONS = {
  dashboard: LayoutDashboard,
  accounts: ListTree,
  journal: BookOpen,
  reports: FileBarChart,
  bank: Landmark,
};

/** /financial-center (spec 3; DECISIONS 11, 12, 23, 24): the business's own books, from real postings. */
export default function FinancialCenterPage() {
  const { t, i18n } = useTranslation('ledger');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [period, setPeriod] = useState<PeriodChoice>({ period: 'this_month' });
  const [creating, setCreating] = useState(false);
  const [reversing, setReversing] = useState<{ id: number; reference: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reverse = useReverseEntry();
  const range =
    period.period !== 'custom' || (period.from && period.to)
      ? periodRange(period.period, new Date(), period)
      : null;

  const confirmReverse = () => {
    if (!reversing) return;
    reverse.mutate(reversing.id, {
      onSuccess: (entry) => {
        setReversing(null);
        setNotice(t('journal.reversed_done', { reference: entry.reference }));
      },
    });
  };

  return (
    <div>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button onClick={() => setCreating(true)} data-testid="new-entry">
            <Plus aria-hidden className="size-4" />
            {t('new_entry')}
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <PeriodPicker value={period} onChange={setPeriod} />
        {range && (
          <p className="text-sm text-stone-600" data-testid="period-range">
            {t('period.range', {
              from: formatDay(range.from, i18n.language),
              to: formatDay(range.to, i18n.language),
            })}
          </p>
        )}
      </div>
      {notice && (
        <div
          role="status"
          className="mb-4 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
          data-testid="ledger-notice"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="flex-1">{notice}</span>
          <button type="button" className="text-green-900 underline" onClick={() => setNotice(null)}>
            {t('dismiss')}
          </button>
        </div>
      )}
      <Tabs
        items={TABS.map((value) => ({ value, label: t(`tabs.${value}`), icon: ICONS[value] }))}
        value={tab}
        onValueChange={setTab}
        label={t('tabs.label')}
      >
        <TabPanel value="dashboard">
          <DashboardPanel period={period} onSeeAll={() => setTab('journal')} onReverse={setReversing} />
        </TabPanel>
        <TabPanel value="accounts">
          <AccountsPanel period={period} />
        </TabPanel>
        <TabPanel value="journal">
          <JournalPanel
            key={JSON.stringify(period)}
            period={period}
            onReverse={setReversing}
            onNewEntry={() => setCreating(true)}
          />
        </TabPanel>
        <TabPanel value="reports">
          <ReportsPanel period={period} />
        </TabPanel>
        <TabPanel value="bank">
          <BankPanel period={period} />
        </TabPanel>
      </Tabs>

      {creating && (
        <NewEntryDialog
          onClose={() => setCreating(false)}
          onSaved={(entry) => {
            setCreating(false);
            setNotice(t('entry.saved', { reference: entry.reference }));
          }}
        />
      )}
      {reversing && (
        <Dialog
          open
          onOpenChange={(open) => !open && setReversing(null)}
          title={t('journal.confirm_title')}
          description={t('journal.confirm_text', { reference: reversing.reference })}
          closeLabel={t('entry.close')}
          footer={
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setReversing(null)} disabled={reverse.isPending}>
                {t('entry.cancel')}
              </Button>
              <Button onClick={confirmReverse} loading={reverse.isPending} data-testid="confirm-reverse">
                {t('journal.confirm')}
              </Button>
            </div>
          }
        >
          <p className="text-sm text-stone-700">{t('journal.confirm_more')}</p>
        </Dialog>
      )}
    </div>
  );
}

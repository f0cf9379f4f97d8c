import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart3, Megaphone, MousePointerClick, Plus, ShoppingCart, Target, Users } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { StatCard } from '../../components/ui/StatCard';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { useCampaignAnalytics } from './api';
import { AnalyticsTab } from './components/AnalyticsTab';
import { AudiencesTab } from './components/AudiencesTab';
import { CampaignDialog } from './components/CampaignDialog';
import { CampaignsTab } from './components/CampaignsTab';
import { Notice } from './components/Notice';

const TABS = ['campaigns', 'analytics', 'audiences'] as const;
type Tab = (typeof TABS)[number];

/** Marketing campaigns (spec 2; ADR 019): real campaigns, tracked-link figures and real audiences. */
export default function MarketingPage() {
  const { t } = useTranslation('marketing');
  const analytics = useCampaignAnalytics();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);
  const data = analytics.data;
  const ready = (value: () => string) => (data ? value() : '…');
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Button onClick={() => setCreating(true)} data-testid="new-campaign">
            <Plus aria-hidden className="size-4" />
            {t('new_campaign')}
          </Button>
        }
      />
      <Notice message={notice} onDone={clearNotice} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="marketing-summary">
        <StatCard
          label={t('summary.campaigns')}
          value={ready(() => String(data!.total_campaigns))}
          icon={Megaphone}
          tone="bg-blue-100 text-blue-700"
          hint={data ? t('summary.active', { count: data.active_campaigns }) : undefined}
        />
        <StatCard
          label={t('summary.clicks')}
          value={ready(() => String(data!.clicks))}
          icon={MousePointerClick}
          tone="bg-purple-100 text-purple-700"
          hint={t('summary.clicks_hint')}
        />
        <StatCard
          label={t('summary.conversions')}
          value={ready(() => String(data!.conversions))}
          icon={ShoppingCart}
          tone="bg-green-100 text-green-700"
          hint={t('summary.conversions_hint')}
        />
        <StatCard
          label={t('summary.conversion_rate')}
          value={ready(() => (data!.conversion_rate === null ? '—' : `${data!.conversion_rate}%`))}
          icon={Target}
        />
      </div>

      <Tabs
        className="mt-5"
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'campaigns', label: t('tabs.campaigns'), icon: Megaphone },
          { value: 'analytics', label: t('tabs.analytics'), icon: BarChart3 },
          { value: 'audiences', label: t('tabs.audiences'), icon: Users },
        ]}
      >
        <TabPanel value="campaigns">
          <CampaignsTab onCreate={() => setCreating(true)} onNotice={setNotice} />
        </TabPanel>
        <TabPanel value="analytics">
          <AnalyticsTab />
        </TabPanel>
        <TabPanel value="audiences">
          <AudiencesTab />
        </TabPanel>
      </Tabs>

      {creating && (
        <CampaignDialog
          onClose={() => setCreating(false)}
          onSaved={(message) => {
            setCreating(false);
            setTab('campaigns');
            setNotice(message);
          }}
        />
      )}
    </>
  );
}

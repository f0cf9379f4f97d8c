import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart3, Brain, Lightbulb, TrendingUp } from 'lucide-react';
import { can } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { useAiInsights } from './api';
import { InsightsTab } from './components/InsightsTab';
import { PredictionsTab } from './components/PredictionsTab';
import { RecommendationsTab } from './components/RecommendationsTab';

const TABS = ['recommendations', 'insights', 'predictions'] as const;
type Tab = (typeof TABS)[number];

/**
 * AI Business Insights (spec 2; DECISIONS 12; ADR 053): recommendations, patterns and forecasts worked out from the
 * business's own till sales and stock, each saying how. A role that keeps no stock (admin, the sales roles) is told
 * why there is nothing to show.
 */
export default function AiInsightsPage() {
  const { t } = useTranslation('ai_insights');
  const { data: user } = useMe();
  if (!user || !can(user.role, 'inventory.manage'))
    return (
      <>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <Card className="flex flex-col items-center px-6 py-12 text-center" data-testid="ai-insights-closed">
          <Brain aria-hidden className="size-10 text-stone-400" />
          <p className="mt-3 max-w-md text-sm text-stone-700">{t('closed.staff')}</p>
          <Link to={paths.dashboard} className={buttonClass('primary', 'md', 'mt-5')}>
            {t('common:common.go_to_dashboard')}
          </Link>
        </Card>
      </>
    );
  return <AiInsights />;
}

function AiInsights() {
  const { t } = useTranslation('ai_insights');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const insights = useAiInsights();
  const active = insights.data?.recommendations.filter((r) => !r.dismissed).length ?? 0;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'recommendations',
            label: t('tabs.recommendations'),
            icon: Lightbulb,
            ...(active > 0 ? { count: active } : {}),
          },
          { value: 'insights', label: t('tabs.insights'), icon: BarChart3 },
          { value: 'predictions', label: t('tabs.predictions'), icon: TrendingUp },
        ]}
      >
        {insights.isPending ? (
          <Loading label={t('loading')} />
        ) : !insights.data ? (
          <LoadError icon={Brain} onRetry={() => void insights.refetch()} />
        ) : (
          <>
            <TabPanel value="recommendations">
              <RecommendationsTab data={insights.data} />
            </TabPanel>
            <TabPanel value="insights">
              <InsightsTab data={insights.data} />
            </TabPanel>
            <TabPanel value="predictions">
              <PredictionsTab data={insights.data} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </>
  );
}

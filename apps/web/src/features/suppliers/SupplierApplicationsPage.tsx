import { useTranslation } from 'react-i18next';
import { ClipboardCheck, ClipboardList, FilePlus2 } from 'lucide-react';
import { can } from '@tt/domain';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam, type TabItem } from '../../components/ui/Tabs';
import { useMe } from '../auth/api';
import { useMyApplication, useReviewList } from './api';
import { ApplyTab } from './components/ApplyTab';
import { MyApplicationTab } from './components/MyApplicationTab';
import { ReviewTab } from './components/ReviewTab';

const TABS = ['my', 'apply', 'review'] as const;
type Tab = (typeof TABS)[number];

/** Spec 1 /supplier-applications: My Application, Apply Now and (admin, coordinator) Review Applications. */
export default function SupplierApplicationsPage() {
  const { t } = useTranslation('suppliers');
  const { data: user } = useMe();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const mine = useMyApplication();
  const reviewer = user ? can(user.role, 'applications.review') : false;
  const review = useReviewList(reviewer);
  if (!user) return <Loading label={t('loading')} />;
  const canApply = can(user.role, 'applications.submit');
  const applyState = mine.data ? 'submitted' : !canApply ? 'has_role' : user.is_demo ? 'demo' : 'open';

  const items: TabItem<Tab>[] = [
    { value: 'my', label: t('tabs.my'), icon: ClipboardList },
    { value: 'apply', label: t('tabs.apply'), icon: FilePlus2 },
  ];
  if (reviewer) {
    items.push({
      value: 'review',
      label: t('tabs.review'),
      icon: ClipboardCheck,
      ...(review.data ? { count: review.data.pending + review.data.under_review } : {}),
    });
  }
  const current = tab === 'review' && !reviewer ? 'my' : tab;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs label={t('tabs.label')} value={current} onValueChange={setTab} items={items}>
        <TabPanel value="my">
          <MyApplicationTab
            user={user}
            canApply={canApply && !user.is_demo}
            onApply={() => setTab('apply')}
          />
        </TabPanel>
        <TabPanel value="apply">
          <ApplyTab state={mine.isPending ? 'open' : applyState} onApplied={() => setTab('my')} />
        </TabPanel>
        {reviewer && (
          <TabPanel value="review">
            <ReviewTab userId={user.id} />
          </TabPanel>
        )}
      </Tabs>
    </>
  );
}

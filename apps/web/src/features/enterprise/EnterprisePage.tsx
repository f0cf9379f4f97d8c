import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Building2, LayoutGrid, Server, ShieldCheck, Tag } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { paths } from '../../lib/paths';
import { CreateTicketDialog } from '../support';
import { DeploymentTab } from './components/DeploymentTab';
import { FeaturesTab } from './components/FeaturesTab';
import { OverviewTab } from './components/OverviewTab';
import { PricingTab } from './components/PricingTab';
import { SecurityTab } from './components/SecurityTab';

const TABS = ['overview', 'features', 'security', 'pricing', 'deployment'] as const;
type Tab = (typeof TABS)[number];

/**
 * Enterprise features (spec 2; admins and coordinators): what the product offers a large business, as it really is.
 * Fixed content (DECISIONS 11) whose buttons work: Configure opens the feature's screen, the plans are the plans
 * table's with /subscription's confirmation and trial, and Contact Sales writes a ticket to the support desk.
 */
export default function EnterprisePage() {
  const { t } = useTranslation('enterprise');
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [contacting, setContacting] = useState(false);
  const contactSales = () => setContacting(true);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'overview', label: t('tabs.overview'), icon: Building2 },
          { value: 'features', label: t('tabs.features'), icon: LayoutGrid },
          { value: 'security', label: t('tabs.security'), icon: ShieldCheck },
          { value: 'pricing', label: t('tabs.pricing'), icon: Tag },
          { value: 'deployment', label: t('tabs.deployment'), icon: Server },
        ]}
      >
        <TabPanel value="overview">
          <OverviewTab onPricing={() => setTab('pricing')} onContactSales={contactSales} />
        </TabPanel>
        <TabPanel value="features">
          <FeaturesTab />
        </TabPanel>
        <TabPanel value="security">
          <SecurityTab />
        </TabPanel>
        <TabPanel value="pricing">
          <PricingTab onContactSales={contactSales} />
        </TabPanel>
        <TabPanel value="deployment">
          <DeploymentTab onContactSales={contactSales} />
        </TabPanel>
      </Tabs>
      {contacting && (
        <CreateTicketDialog
          initial={{ category: 'general_inquiry', subject: t('sales.subject') }}
          onClose={() => setContacting(false)}
          // The ticket opens on the support desk, where the answer will come.
          onCreated={(ticket) => void navigate(`${paths.support}?ticket=${ticket.id}`)}
        />
      )}
    </>
  );
}

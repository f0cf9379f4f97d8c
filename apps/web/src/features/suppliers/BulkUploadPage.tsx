import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileUp, Lock, Package } from 'lucide-react';
import { can } from '@tt/domain';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { paths } from '../../lib/paths';
import { useMe } from '../auth/api';
import { MyProductsTab } from './components/MyProductsTab';
import { UploadTab } from './components/UploadTab';

const TABS = ['products', 'upload'] as const;

/**
 * Spec 3 /bulk-upload: for sellers and admins (products.manage, enforced by the server); everyone else
 * reads the spec's Access Restricted panel with Apply as Supplier. Its first tab is My products.
 */
export default function BulkUploadPage() {
  const { t } = useTranslation('suppliers');
  const { data: user } = useMe();
  const [tab, setTab] = useTabParam(TABS);
  if (!user) return <Loading label={t('loading')} />;
  if (!can(user.role, 'products.manage')) {
    return (
      <Card
        className="flex flex-col items-center px-6 py-12 text-center"
        role="alert"
        data-testid="access-restricted"
      >
        <Lock aria-hidden className="size-10 text-stone-400" />
        <h1 className="mt-3 text-lg font-semibold">{t('restricted.title')}</h1>
        <p className="mt-1 max-w-md text-sm text-stone-600">{t('restricted.message')}</p>
        <Link
          to={paths.supplierApplications}
          className={buttonClass('primary', 'md', 'mt-5')}
          data-testid="apply-as-supplier"
        >
          {t('restricted.apply')}
        </Link>
      </Card>
    );
  }
  return (
    <>
      <PageHeader title={t('bulk.title')} subtitle={t('bulk.subtitle')} />
      <Tabs
        label={t('bulk.tabs_label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'products', label: t('bulk.tabs.products'), icon: Package },
          { value: 'upload', label: t('bulk.tabs.upload'), icon: FileUp },
        ]}
      >
        <TabPanel value="products">
          <MyProductsTab />
        </TabPanel>
        <TabPanel value="upload">
          <UploadTab />
        </TabPanel>
      </Tabs>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PackageSearch } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../lib/paths';

/** No order in the period: nothing to analyse yet, and the way to the catalogue. */
export function NoOrders() {
  const { t } = useTranslation('supply_chain');
  return (
    <Card>
      <EmptyState
        icon={PackageSearch}
        title={t('empty.title')}
        message={t('empty.message')}
        testId="supply-chain-empty"
        action={
          <Link to={paths.products} className={buttonClass('primary', 'md')}>
            {t('empty.browse')}
          </Link>
        }
      />
    </Card>
  );
}

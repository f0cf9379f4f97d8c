import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Store } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { paths } from '../../../lib/paths';

/** No sale yet: what the tab will show once the shop sells, and the way to the till. */
export function NoSales({ what }: { what: 'recommendations' | 'insights' | 'predictions' }) {
  const { t } = useTranslation('ai_insights');
  return (
    <Card>
      <EmptyState
        icon={Store}
        title={t('no_sales.title')}
        message={t(`no_sales.${what}`)}
        testId="ai-insights-no-sales"
        action={
          <Link to={paths.pos} className={buttonClass('primary', 'md')}>
            {t('no_sales.till')}
          </Link>
        }
      />
    </Card>
  );
}

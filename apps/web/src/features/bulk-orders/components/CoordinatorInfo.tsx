import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Info } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { paths } from '../../../lib/paths';

/** Create Order for someone who coordinates no cooperative: how bulk orders come about. */
export function CoordinatorInfo() {
  const { t } = useTranslation('bulk_orders');
  const points = ['negotiate', 'pool', 'deliver'] as const;
  return (
    <Card data-testid="coordinator-info">
      <CardHeader title={t('info.title')} subtitle={t('info.subtitle')} />
      <div className="p-4 sm:p-5">
        <ul className="space-y-3">
          {points.map((p) => (
            <li key={p} className="flex gap-3">
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-600" />
              <div>
                <p className="text-sm font-medium">{t(`info.${p}.title`)}</p>
                <p className="text-sm text-stone-600">{t(`info.${p}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('info.how')}
        </p>
        <Link
          to={`${paths.cooperatives}?tab=create`}
          className={buttonClass('primary', 'md', 'mt-4 w-full sm:w-auto')}
        >
          {t('info.start_coop')}
        </Link>
      </div>
    </Card>
  );
}

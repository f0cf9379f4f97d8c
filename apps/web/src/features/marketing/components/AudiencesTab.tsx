import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { QueryState } from '../../../components/ui/QueryState';
import { useAudiences } from '../api';

type Segment = { key: string | null; customers: number };

/** The network's buying businesses by business type and province: who a campaign can reach. */
export function AudiencesTab() {
  const { t } = useTranslation(['marketing', 'profile']);
  const audiences = useAudiences();
  return (
    <QueryState
      query={audiences}
      icon={Users}
      loading={t('loading')}
      isEmpty={(a) => a.total_customers === 0}
      empty={{ title: t('audiences.empty_title'), message: t('audiences.empty_message') }}
    >
      {(a) => (
        <>
          <p className="mb-3 text-sm text-stone-700" data-testid="audience-total">
            {t('audiences.total', { count: a.total_customers })}
          </p>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <SegmentCard
              title={t('audiences.by_business_type')}
              segments={a.by_business_type}
              total={a.total_customers}
              name={(key) => t(`profile:business_types.${key}`, { defaultValue: key })}
              testId="audience-business-types"
            />
            <SegmentCard
              title={t('audiences.by_province')}
              segments={a.by_province}
              total={a.total_customers}
              name={(key) => key}
              testId="audience-provinces"
            />
          </div>
        </>
      )}
    </QueryState>
  );
}

function SegmentCard({
  title,
  segments,
  total,
  name,
  testId,
}: {
  title: string;
  segments: Segment[];
  total: number;
  name: (key: string) => string;
  testId: string;
}) {
  const { t } = useTranslation('marketing');
  return (
    <Card className="p-4">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-3 space-y-3" data-testid={testId}>
        {segments.map((s) => {
          const label = s.key === null ? t('audiences.not_given') : name(s.key);
          return (
            <li key={s.key ?? '-'}>
              <div className="mb-1 flex justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">{label}</span>
                <span className="font-medium tabular-nums">
                  {t('audiences.customers', { count: s.customers })}
                </span>
              </div>
              <ProgressBar percent={total ? (s.customers * 100) / total : 0} tone="blue" label={label} />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

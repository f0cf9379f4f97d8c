import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlus2, FileText } from 'lucide-react';
import { REPORT_TYPES, type ReportPeriod, type ReportType } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Field, Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { useGenerateReport, useGeneratedReports } from '../api';
import { ReportRow } from './ReportRow';

/** Generate a CSV of the chosen period; the list follows it from generating to ready. */
export function GeneratedTab({ period }: { period: ReportPeriod }) {
  const { t } = useTranslation('reports');
  const reports = useGeneratedReports();
  const generate = useGenerateReport();
  const [type, setType] = useState<ReportType>('sales');
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title={t('generated.new')}
          subtitle={t('generated.new_hint', { period: t(`period.${period}`) })}
        />
        <form
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:px-5"
          onSubmit={(e) => {
            e.preventDefault();
            generate.mutate({ report_type: type, period, format: 'csv' });
          }}
        >
          <div className="flex-1">
            <Field label={t('generated.type')} htmlFor="report-type">
              <Select id="report-type" value={type} onChange={(e) => setType(e.target.value as ReportType)}>
                {REPORT_TYPES.map((r) => (
                  <option key={r} value={r}>
                    {t(`types.${r}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Button type="submit" loading={generate.isPending} data-testid="generate-report">
            <FilePlus2 aria-hidden className="size-4" />
            {t('generated.generate')}
          </Button>
        </form>
        <p className="px-4 pb-4 text-xs text-stone-500 sm:px-5">{t(`type_hint.${type}`)}</p>
      </Card>
      <QueryState
        query={reports}
        icon={FileText}
        loading={t('loading')}
        empty={{ title: t('generated.empty'), message: t('generated.empty_text') }}
      >
        {(list) => (
          <Card>
            <CardHeader title={t('generated.list')} subtitle={t('generated.list_hint')} />
            <ul className="divide-y divide-stone-100" data-testid="generated-reports">
              {list.map((r) => (
                <ReportRow key={r.id} report={r} />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import type { GeneratedReport, ReportStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { buttonClass } from '../../../components/ui/Button';
import { formatDate, formatDateTime } from '../../../lib/format';
import { downloadUrl } from '../api';
import { DownloadLink } from '../../../components/ui/DownloadLink';

const statusTone: Record<ReportStatus, Tone> = { generating: 'yellow', ready: 'green', failed: 'red' };

/** One generated report: what it covers, its status, and Download once (and only once) it is ready. */
export function ReportRow({ report }: { report: GeneratedReport }) {
  const { t, i18n } = useTranslation('reports');
  const lastMoment = new Date(new Date(report.period_to).getTime() - 1).toISOString();
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-5"
      data-testid="generated-report"
    >
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium break-words text-stone-900">
          {report.frequency ? report.name : t(`types.${report.report_type}`)}
        </p>
        <p className="text-xs text-stone-600">
          {report.frequency
            ? `${t(`types.${report.report_type}`)} · ${t(`frequency.${report.frequency}`)}`
            : t(`period.${report.period ?? '30d'}`)}
          {' · '}
          {formatDate(report.period_from, i18n.language)} – {formatDate(lastMoment, i18n.language)}
        </p>
        <p className="text-xs text-stone-500">
          {t('generated.created', { time: formatDateTime(report.created_at, i18n.language) })}
          {report.status === 'ready' && report.row_count !== null
            ? ` · ${t('generated.rows', { count: report.row_count })}`
            : ''}
        </p>
      </div>
      <Badge tone={statusTone[report.status]}>{t(`status.${report.status}`)}</Badge>
      {report.status === 'ready' ? (
        <DownloadLink
          href={downloadUrl(report.id)}
          filename={`township-trade-${report.report_type}.csv`}
          className={buttonClass('outline', 'sm')}
          data-testid="download-report"
        >
          {t('generated.download')}
        </DownloadLink>
      ) : report.status === 'generating' ? (
        <span className={buttonClass('outline', 'sm', 'pointer-events-none opacity-60')} aria-hidden>
          <Loader2 className="size-4 animate-spin" />
          {t('generated.download')}
        </span>
      ) : null}
    </li>
  );
}

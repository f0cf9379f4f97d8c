import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileSpreadsheet, History, Upload } from 'lucide-react';
import {
  BULK_UPLOAD_ACCEPT,
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MAX_MB,
  BULK_UPLOAD_MAX_ROWS,
  errorLogCsv,
  isErrorCode,
  renderErrorMessage,
  uploadKindOf,
  type BulkUpload,
  type BulkUploadIssue,
  type BulkUploadReport,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { QueryState } from '../../../components/ui/QueryState';
import { ERRORS_NAMESPACE, errorMessage, translateCode } from '../../../lib/errors';
import {
  fetchReport,
  templateUrl,
  useConfirmUpload,
  useUploadHistory,
  useUploadProducts,
  useUploadReport,
} from '../upload-api';
import { DownloadLink } from '../../../components/ui/DownloadLink';
import { saveBlob } from '../../../lib/download';

/** The report's codes are the errors namespace's: loaded with the screen's own words. */
const NAMESPACES = ['suppliers', ERRORS_NAMESPACE];

const STATUS_TONE = { completed: 'green', failed: 'red', pending: 'yellow', processing: 'blue' } as const;

/** Spec 3 /bulk-upload: template, instructions, file picker, the validation report and the history. */
export function UploadTab() {
  const { t } = useTranslation(NAMESPACES);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [reportId, setReportId] = useState<number | null>(null);
  const upload = useUploadProducts(setProgress);

  const choose = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const kind = uploadKindOf(file.name);
    if (kind === 'xls') return setProblem(t('upload.xls'));
    if (kind === null) return setProblem(t('upload.file_type'));
    if (file.size > BULK_UPLOAD_MAX_BYTES)
      return setProblem(t('upload.too_large', { max: BULK_UPLOAD_MAX_MB }));
    setProgress(0);
    setReportId(null);
    upload.mutate(file, {
      onSuccess: (report) => setReportId(report.id),
      onError: (error) => setProblem(errorMessage(error, t)),
    });
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-4 sm:p-5">
        <h2 className="text-base font-semibold">{t('upload.template_title')}</h2>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
          <li>{t('upload.step_template')}</li>
          <li>{t('upload.step_fill')}</li>
          <li>
            {t('upload.step_upload', {
              max: BULK_UPLOAD_MAX_MB,
              rows: BULK_UPLOAD_MAX_ROWS.toLocaleString(),
            })}
          </li>
          <li>{t('upload.step_confirm')}</li>
        </ol>
        <div className="flex flex-wrap gap-2">
          <DownloadLink
            href={templateUrl('xlsx')}
            filename="product-upload-template.xlsx"
            className={buttonClass('secondary', 'md')}
            data-testid="template-xlsx"
          >
            {t('upload.template_xlsx')}
          </DownloadLink>
          <DownloadLink
            href={templateUrl('csv')}
            filename="product-upload-template.csv"
            className={buttonClass('secondary', 'md')}
            data-testid="template-csv"
          >
            {t('upload.template_csv')}
          </DownloadLink>
        </div>
      </Card>

      <Card className="space-y-3 p-4 sm:p-5">
        <label htmlFor="bulk-file" className="block text-base font-semibold">
          {t('upload.choose')}
        </label>
        <p className="text-sm text-stone-600">{t('upload.limits', { max: BULK_UPLOAD_MAX_MB })}</p>
        <input
          id="bulk-file"
          ref={input}
          type="file"
          accept={BULK_UPLOAD_ACCEPT}
          disabled={upload.isPending}
          onChange={(e) => choose(e.target.files?.[0])}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-medium file:text-white"
          data-testid="bulk-file"
        />
        {upload.isPending && (
          <div className="space-y-1" data-testid="upload-progress">
            <ProgressBar percent={progress} label={t('upload.uploading')} />
            <p className="text-sm text-stone-600">
              {progress < 100 ? t('upload.uploading_percent', { percent: progress }) : t('upload.checking')}
            </p>
          </div>
        )}
        {problem && (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="upload-problem"
          >
            {problem}
          </p>
        )}
      </Card>

      {reportId !== null && <ReportPanel id={reportId} />}
      <HistoryPanel onOpen={setReportId} />
    </div>
  );
}

function useIssueMessage() {
  const { t } = useTranslation(NAMESPACES);
  return (issue: BulkUploadIssue) =>
    translateCode(issue.code, issue.params, t) ??
    (isErrorCode(issue.code) ? renderErrorMessage(issue.code, issue.params) : issue.code);
}

function ReportPanel({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACES);
  const [choice, setChoice] = useState<'skip' | 'refuse'>('skip');
  const confirm = useConfirmUpload(id);
  const report = useUploadReport(id, confirm.isPending);
  const message = useIssueMessage();
  return (
    <QueryState query={report} icon={FileSpreadsheet}>
      {(r) => {
        const errorRows = r.total_rows - r.valid_rows;
        const percent = r.valid_rows === 0 ? 0 : Math.round((r.processed_rows / r.valid_rows) * 100);
        return (
          <Card className="space-y-4 p-4 sm:p-5" data-testid="upload-report">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold">
                {t('upload.report_title', { file: r.upload_filename })}
              </h2>
              <Badge tone={STATUS_TONE[r.status]}>{t(`upload.status.${r.status}`)}</Badge>
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <Count label={t('upload.count.total')} value={r.total_rows} testId="count-total" />
              <Count label={t('upload.count.valid')} value={r.valid_rows} testId="count-valid" />
              <Count label={t('upload.count.new')} value={r.new_rows} testId="count-new" />
              <Count label={t('upload.count.errors')} value={errorRows} testId="count-errors" />
            </dl>
            {r.error_log.length > 0 && <IssueTable issues={r.error_log} message={message} />}
            {r.error_log_truncated && <p className="text-sm text-stone-600">{t('upload.truncated')}</p>}
            {(r.status === 'processing' || confirm.isPending) && (
              <div data-testid="import-progress">
                <ProgressBar percent={percent} label={t('upload.importing')} />
                <p className="mt-1 text-sm text-stone-600">
                  {t('upload.importing_count', { done: r.processed_rows, total: r.valid_rows })}
                </p>
              </div>
            )}
            {r.status === 'pending' && (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">{t('upload.choice')}</legend>
                {(['skip', 'refuse'] as const).map((value) => (
                  <label key={value} className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name="on-errors"
                      value={value}
                      checked={choice === value}
                      onChange={() => setChoice(value)}
                      className="mt-0.5"
                      data-testid={`choice-${value}`}
                    />
                    <span>{t(`upload.choice_${value}`, { rows: errorRows })}</span>
                  </label>
                ))}
                <Button
                  onClick={() => confirm.mutate(choice)}
                  disabled={confirm.isPending || (choice === 'skip' && r.valid_rows === 0)}
                  data-testid="confirm-import"
                >
                  <Upload aria-hidden className="size-4" />
                  {choice === 'skip'
                    ? t('upload.import', { rows: r.valid_rows })
                    : t('upload.confirm_refuse')}
                </Button>
                {confirm.isError && (
                  <p role="alert" className="text-sm text-red-800">
                    {errorMessage(confirm.error, t)}
                  </p>
                )}
              </fieldset>
            )}
            {r.status === 'completed' && (
              <p
                role="status"
                className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800"
                data-testid="import-done"
              >
                {t('upload.done', { ok: r.successful_imports, failed: r.failed_imports })}
              </p>
            )}
            {r.status === 'failed' && (
              <p role="status" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {t('upload.refused')}
              </p>
            )}
          </Card>
        );
      }}
    </QueryState>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-md bg-stone-50 px-3 py-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-lg font-semibold" data-testid={testId}>
        {value.toLocaleString()}
      </dd>
    </div>
  );
}

function IssueTable({
  issues,
  message,
}: {
  issues: BulkUploadIssue[];
  message: (i: BulkUploadIssue) => string;
}) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <div className="max-h-80 overflow-auto rounded-md border border-stone-200">
      <table className="w-full text-left text-sm" data-testid="issue-table">
        <thead className="sticky top-0 bg-stone-100 text-stone-700">
          <tr>
            <th className="px-2 py-1.5">{t('upload.col.row')}</th>
            <th className="px-2 py-1.5">{t('upload.col.column')}</th>
            <th className="px-2 py-1.5">{t('upload.col.value')}</th>
            <th className="px-2 py-1.5">{t('upload.col.message')}</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue, i) => (
            <tr key={i} className="border-t border-stone-100 align-top">
              <td className="px-2 py-1.5 tabular-nums">{issue.row}</td>
              <td className="px-2 py-1.5 font-mono text-xs">{issue.column}</td>
              <td className="max-w-32 truncate px-2 py-1.5" title={issue.value}>
                {issue.value}
              </td>
              <td className="px-2 py-1.5">{message(issue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistoryPanel({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation(NAMESPACES);
  const history = useUploadHistory();
  const message = useIssueMessage();
  const downloadLog = async (upload: BulkUpload) => {
    const report: BulkUploadReport = await fetchReport(upload.id);
    const csv = errorLogCsv(
      report.error_log,
      {
        row: t('upload.col.row'),
        column: t('upload.col.column'),
        value: t('upload.col.value'),
        message: t('upload.col.message'),
      },
      message,
    );
    saveBlob(
      `errors-${upload.upload_filename.replace(/\.[^.]+$/, '')}.csv`,
      new Blob([`\ufeff${csv}`], { type: 'text/csv;charset=utf-8' }),
    );
  };
  return (
    <section className="space-y-2" aria-labelledby="upload-history">
      <h2 id="upload-history" className="text-base font-semibold">
        {t('upload.history')}
      </h2>
      <QueryState query={history} icon={History} empty={{ title: t('upload.history_empty') }}>
        {(uploads) => (
          <Card className="divide-y divide-stone-100" data-testid="upload-history">
            {uploads.map((u) => (
              <div key={u.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div className="min-w-0">
                  <button
                    type="button"
                    onClick={() => onOpen(u.id)}
                    className="block max-w-full truncate text-left font-medium text-brand-800 underline-offset-2 hover:underline"
                  >
                    {u.upload_filename}
                  </button>
                  <p className="text-sm text-stone-600">
                    {new Date(u.created_at).toLocaleString()} ·{' '}
                    {t('upload.history_counts', {
                      total: u.total_rows,
                      ok: u.successful_imports,
                      failed: u.failed_imports,
                    })}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={STATUS_TONE[u.status]}>{t(`upload.status.${u.status}`)}</Badge>
                  {u.failed_imports > 0 && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => void downloadLog(u)}
                      data-testid="error-log"
                    >
                      <Download aria-hidden className="size-4" />
                      {t('upload.error_log')}
                    </Button>
                  )}
                </div>
              </div>
            ))}
          </Card>
        )}
      </QueryState>
    </section>
  );
}

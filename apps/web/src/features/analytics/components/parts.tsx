import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { FinancialAnalytics } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { downloadCsv } from '../../../lib/csv';
import { formatDate, formatMoney } from '../../../lib/format';

type Period = FinancialAnalytics['period'];
type Compared = FinancialAnalytics['overview']['income_compared'];

/** The change against the same days of the previous period, or why there is none yet. */
export function Change({ compared, lowerIsBetter = false }: { compared: Compared; lowerIsBetter?: boolean }) {
  const { t } = useTranslation('analytics');
  const value = compared?.change_percent ?? null;
  if (value === null) return <>{t('no_change')}</>;
  const good = lowerIsBetter ? value <= 0 : value >= 0;
  return (
    <span className={good ? 'text-green-700' : 'text-red-700'}>
      {t('change', { value: value > 0 ? `+${value}` : value })}
    </span>
  );
}

/** The dates the figures cover and what the change compares. */
export function PeriodLine({ period }: { period: Period }) {
  const { t, i18n } = useTranslation('analytics');
  return (
    <p className="text-sm text-stone-600" data-testid="analytics-period">
      {t('period', {
        from: formatDate(period.from, i18n.language),
        to: formatDate(period.to, i18n.language),
      })}
      {' · '}
      {period.comparison ? t('compared', { days: period.comparison.days }) : t('compared_none')}
    </p>
  );
}

export type CsvRow = (string | number)[];

/** Export (spec 2's alert, DECISIONS 11): the rows the tab shows, as a CSV file. */
export function ExportButton({ file, rows }: { file: string; rows: () => CsvRow[] }) {
  const { t } = useTranslation('analytics');
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => downloadCsv(file, rows())}
      data-testid="analytics-export"
    >
      <Download aria-hidden className="size-4" />
      {t('export')}
    </Button>
  );
}

export const fileName = (tab: string, period: Period) =>
  `analytics-${tab}-${period.timeframe}-${period.from}_${period.to}.csv`;

export interface Column<T> {
  label: string;
  cell: (row: T) => React.ReactNode;
  numeric?: boolean;
}

/** A table that scrolls sideways inside its box on a narrow phone (focusable, so a keyboard can scroll it). */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  testId,
  footer,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  testId: string;
  footer?: React.ReactNode[];
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[28rem] text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs text-stone-600">
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={cn('px-3 py-2 font-medium', c.numeric && 'text-right')}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-b border-stone-100 last:border-0"
              data-testid={`${testId}-row`}
            >
              {columns.map((c) => (
                <td
                  key={c.label}
                  className={cn(
                    'px-3 py-2 text-stone-800',
                    c.numeric && 'text-right whitespace-nowrap tabular-nums',
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="border-t border-stone-300 font-semibold text-stone-900">
              {footer.map((cell, i) => (
                <td key={i} className={cn('px-3 py-2', i > 0 && 'text-right whitespace-nowrap tabular-nums')}>
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

export const money = (rand: number) => formatMoney(rand);

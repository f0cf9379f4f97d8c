import { formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { Download, FileBarChart } from 'lucide-react';
import type { FinancialReports } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { useReports, type PeriodChoice } from '../api';
import { downloadCsv } from '../../../lib/csv';
import { accountName, formatDay } from './shared';
import { QueryState } from '../../../components/ui/QueryState';

type Rows = (string | number)[][];

function ExportButton({ name, rows, testId }: { name: string; rows: () => Rows; testId: string }) {
  const { t } = useTranslation('ledger');
  return (
    <Button variant="outline" size="sm" onClick={() => downloadCsv(name, rows())} data-testid={testId}>
      <Download aria-hidden className="size-4" />
      {t('reports.export')}
    </Button>
  );
}

function AmountRow({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between gap-3 border-t border-stone-200 pt-2 font-semibold'
          : 'flex justify-between gap-3'
      }
    >
      <dt className={strong ? 'text-stone-900' : 'text-stone-700'}>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{formatMoney(amount)}</dd>
    </div>
  );
}

/** The four reports of the period, each exportable as CSV. */
export function ReportsPanel({ period }: { period: PeriodChoice }) {
  const { t, i18n } = useTranslation('ledger');
  const reports = useReports(period);
  const name = (report: string, r: FinancialReports) => `${report}_${r.from}_${r.to}.csv`;
  const section = (rows: { code: number; amount: number }[], label: string): Rows =>
    rows.map((row) => [label, String(row.code), accountName(t, row.code), row.amount]);
  return (
    <QueryState query={reports} loading={t('loading')} icon={FileBarChart}>
      {(r) => {
        const asAt = t('reports.as_at', { date: formatDay(r.to, i18n.language) });
        const tb = r.trial_balance;
        const is = r.income_statement;
        const bs = r.balance_sheet;
        return (
          <div className="grid gap-4 lg:grid-cols-2">
            <Card data-testid="trial-balance">
              <CardHeader
                title={t('reports.trial_balance')}
                subtitle={asAt}
                action={
                  <ExportButton
                    testId="export-trial-balance"
                    name={name('trial-balance', r)}
                    rows={() => [
                      [t('csv.code'), t('csv.account'), t('csv.debit'), t('csv.credit')],
                      ...tb.rows.map((row) => [
                        String(row.code),
                        accountName(t, row.code),
                        row.debit,
                        row.credit,
                      ]),
                      ['', t('reports.total'), tb.total_debit, tb.total_credit],
                    ]}
                  />
                }
              />
              <div className="p-4 sm:p-5">
                {tb.rows.length === 0 ? (
                  <p className="text-sm text-stone-600">{t('reports.nothing')}</p>
                ) : (
                  <table className="w-full text-sm">
                    <caption className="sr-only">{t('reports.trial_balance')}</caption>
                    <thead>
                      <tr className="border-b border-stone-100 text-left text-xs text-stone-600">
                        <th scope="col" className="py-1 font-medium">
                          {t('csv.account')}
                        </th>
                        <th scope="col" className="py-1 text-right font-medium">
                          {t('csv.debit')}
                        </th>
                        <th scope="col" className="py-1 text-right font-medium">
                          {t('csv.credit')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {tb.rows.map((row) => (
                        <tr
                          key={row.code}
                          className="border-b border-stone-50"
                          data-testid={`tb-${row.code}`}
                        >
                          <td className="py-1 pr-2">
                            <span className="mr-1 font-mono text-xs text-stone-500">{row.code}</span>
                            {accountName(t, row.code)}
                          </td>
                          <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">
                            {row.debit > 0 ? formatMoney(row.debit) : ''}
                          </td>
                          <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">
                            {row.credit > 0 ? formatMoney(row.credit) : ''}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr className="font-semibold">
                        <th scope="row" className="pt-2 text-left">
                          {t('reports.total')}
                        </th>
                        <td
                          className="pt-2 pl-2 text-right whitespace-nowrap tabular-nums"
                          data-testid="tb-total-debit"
                        >
                          {formatMoney(tb.total_debit)}
                        </td>
                        <td
                          className="pt-2 pl-2 text-right whitespace-nowrap tabular-nums"
                          data-testid="tb-total-credit"
                        >
                          {formatMoney(tb.total_credit)}
                        </td>
                      </tr>
                    </tfoot>
                  </table>
                )}
                {tb.total_debit === tb.total_credit && (
                  <Badge tone="green" className="mt-3">
                    {t('reports.balanced')}
                  </Badge>
                )}
              </div>
            </Card>

            <Card data-testid="income-statement">
              <CardHeader
                title={t('reports.income_statement')}
                subtitle={`${formatDay(r.from, i18n.language)} – ${formatDay(r.to, i18n.language)}`}
                action={
                  <ExportButton
                    testId="export-income-statement"
                    name={name('income-statement', r)}
                    rows={() => [
                      [t('csv.section'), t('csv.code'), t('csv.account'), t('csv.amount')],
                      ...section(is.income, t('types.income')),
                      ['', '', t('reports.total_income'), is.total_income],
                      ...section(is.expenses, t('types.expense')),
                      ['', '', t('reports.total_expenses'), is.total_expenses],
                      ['', '', t('reports.net_profit'), is.net_profit],
                    ]}
                  />
                }
              />
              <dl className="space-y-1.5 p-4 text-sm sm:p-5">
                {is.income.map((row) => (
                  <AmountRow key={row.code} label={accountName(t, row.code)} amount={row.amount} />
                ))}
                <AmountRow label={t('reports.total_income')} amount={is.total_income} strong />
                {is.expenses.map((row) => (
                  <AmountRow key={row.code} label={accountName(t, row.code)} amount={row.amount} />
                ))}
                <AmountRow label={t('reports.total_expenses')} amount={is.total_expenses} strong />
                <AmountRow label={t('reports.net_profit')} amount={is.net_profit} strong />
              </dl>
            </Card>

            <Card data-testid="balance-sheet">
              <CardHeader
                title={t('reports.balance_sheet')}
                subtitle={asAt}
                action={
                  <ExportButton
                    testId="export-balance-sheet"
                    name={name('balance-sheet', r)}
                    rows={() => [
                      [t('csv.section'), t('csv.code'), t('csv.account'), t('csv.amount')],
                      ...section(bs.assets, t('types.asset')),
                      ['', '', t('reports.total_assets'), bs.total_assets],
                      ...section(bs.liabilities, t('types.liability')),
                      ['', '', t('reports.total_liabilities'), bs.total_liabilities],
                      ...section(bs.equity, t('types.equity')),
                      ['', '', t('reports.total_equity'), bs.total_equity],
                    ]}
                  />
                }
              />
              <dl className="space-y-1.5 p-4 text-sm sm:p-5">
                {bs.assets.map((row) => (
                  <AmountRow key={row.code} label={accountName(t, row.code)} amount={row.amount} />
                ))}
                <AmountRow label={t('reports.total_assets')} amount={bs.total_assets} strong />
                {bs.liabilities.map((row) => (
                  <AmountRow key={row.code} label={accountName(t, row.code)} amount={row.amount} />
                ))}
                <AmountRow label={t('reports.total_liabilities')} amount={bs.total_liabilities} strong />
                {bs.equity.map((row) => (
                  <AmountRow key={row.code} label={accountName(t, row.code)} amount={row.amount} />
                ))}
                <AmountRow label={t('reports.total_equity')} amount={bs.total_equity} strong />
                <AmountRow
                  label={t('reports.liabilities_equity')}
                  amount={Math.round((bs.total_liabilities + bs.total_equity) * 100) / 100}
                  strong
                />
              </dl>
            </Card>

            <Card data-testid="vat-summary">
              <CardHeader
                title={t('reports.vat_summary')}
                subtitle={`${formatDay(r.from, i18n.language)} – ${formatDay(r.to, i18n.language)}`}
                action={
                  <ExportButton
                    testId="export-vat-summary"
                    name={name('vat-summary', r)}
                    rows={() => [
                      [t('csv.section'), t('csv.amount')],
                      [t('reports.output_vat'), r.vat_summary.output_vat],
                      [t('reports.input_vat'), r.vat_summary.input_vat],
                      [t('reports.net_payable'), r.vat_summary.net_payable],
                    ]}
                  />
                }
              />
              <dl className="space-y-1.5 p-4 text-sm sm:p-5">
                <AmountRow label={t('reports.output_vat')} amount={r.vat_summary.output_vat} />
                <AmountRow label={t('reports.input_vat')} amount={r.vat_summary.input_vat} />
                <AmountRow label={t('reports.net_payable')} amount={r.vat_summary.net_payable} strong />
              </dl>
              {!r.vat_registered && (
                <p className="px-4 pb-4 text-sm text-stone-600 sm:px-5">{t('vat.not_registered')}</p>
              )}
            </Card>
          </div>
        );
      }}
    </QueryState>
  );
}

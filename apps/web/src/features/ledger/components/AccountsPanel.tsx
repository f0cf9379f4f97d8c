import { formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { ListTree } from 'lucide-react';
import { ACCOUNT_TYPES } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { useChartOfAccounts, type PeriodChoice } from '../api';
import { accountName } from './shared';
import { QueryState } from '../../../components/ui/QueryState';

/** The chart of accounts, grouped by type, with each account's totals at the end of the period. */
export function AccountsPanel({ period }: { period: PeriodChoice }) {
  const { t } = useTranslation('ledger');
  const chart = useChartOfAccounts(period);
  return (
    <QueryState query={chart} loading={t('loading')} icon={ListTree}>
      {(data) => (
        <div className="space-y-4" data-testid="chart-of-accounts">
          {ACCOUNT_TYPES.map((type) => {
            const accounts = data.accounts.filter((a) => a.type === type);
            return (
              <Card key={type}>
                <CardHeader title={t(`types.${type}`)} />
                <table className="w-full text-sm">
                  <caption className="sr-only">{t(`types.${type}`)}</caption>
                  <thead>
                    <tr className="border-b border-stone-100 text-left text-xs text-stone-600">
                      <th scope="col" className="px-4 py-2 font-medium sm:px-5">
                        {t('accounts_table.account')}
                      </th>
                      <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell">
                        {t('accounts_table.debits')}
                      </th>
                      <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell">
                        {t('accounts_table.credits')}
                      </th>
                      <th scope="col" className="px-4 py-2 text-right font-medium sm:px-5">
                        {t('accounts_table.balance')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {accounts.map((a) => (
                      <tr
                        key={a.code}
                        className="border-b border-stone-50 last:border-0"
                        data-testid={`account-${a.code}`}
                      >
                        <td className="px-4 py-2 sm:px-5">
                          <span className="mr-2 font-mono text-xs text-stone-500">{a.code}</span>
                          <span className="text-stone-900">{accountName(t, a.code)}</span>
                        </td>
                        <td className="hidden px-2 py-2 text-right whitespace-nowrap text-stone-600 tabular-nums sm:table-cell">
                          {formatMoney(a.debit_total)}
                        </td>
                        <td className="hidden px-2 py-2 text-right whitespace-nowrap text-stone-600 tabular-nums sm:table-cell">
                          {formatMoney(a.credit_total)}
                        </td>
                        <td className="px-4 py-2 text-right font-medium whitespace-nowrap tabular-nums sm:px-5">
                          {formatMoney(a.balance)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
            );
          })}
        </div>
      )}
    </QueryState>
  );
}

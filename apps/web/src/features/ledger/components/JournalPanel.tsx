import { formatMoney } from '../../../lib/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, ChevronLeft, ChevronRight, Undo2 } from 'lucide-react';
import type { JournalEntry } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { JOURNAL_PAGE_SIZE, useJournal, type PeriodChoice } from '../api';
import { accountName, describePosting, formatDay } from './shared';
import { QueryState } from '../../../components/ui/QueryState';

/** One posted entry: its date, reference, lines and, while it stands, Reverse. */
export function EntryCard({
  entry,
  onReverse,
}: {
  entry: JournalEntry;
  onReverse: (entry: { id: number; reference: string }) => void;
}) {
  const { t, i18n } = useTranslation('ledger');
  const reversible = entry.reverses_id === null && entry.reversed_by_id === null;
  return (
    <Card className="p-3 sm:p-4" data-testid="journal-entry" data-reference={entry.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-stone-900">
            {entry.source === 'reversal'
              ? t('journal.reversal_of', { id: entry.reverses_id })
              : describePosting(t, entry.source, entry.description)}
          </p>
          <p className="text-sm text-stone-600">
            {formatDay(entry.entry_date, i18n.language)} ·{' '}
            <span className="font-mono">{entry.reference}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {entry.reverses_id !== null && <Badge tone="blue">{t('sources.reversal')}</Badge>}
          {entry.reversed_by_id !== null && <Badge tone="yellow">{t('journal.reversed')}</Badge>}
          {reversible && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onReverse({ id: entry.id, reference: entry.reference })}
              data-testid="reverse-entry"
            >
              <Undo2 aria-hidden className="size-4" />
              {t('journal.reverse')}
            </Button>
          )}
        </div>
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">{t('journal.lines_caption', { reference: entry.reference })}</caption>
        <thead>
          <tr className="border-b border-stone-100 text-left text-xs text-stone-600">
            <th scope="col" className="py-1 font-medium">
              {t('journal.account')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('journal.debit')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('journal.credit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entry.lines.map((line) => (
            <tr key={line.id} className="border-b border-stone-50 last:border-0">
              <td className="py-1 pr-2 text-stone-800">
                <span className="mr-1 font-mono text-xs text-stone-500">{line.account_code}</span>
                {accountName(t, line.account_code)}
              </td>
              <td className="py-1 text-right whitespace-nowrap tabular-nums">
                {line.debit > 0 ? formatMoney(line.debit) : ''}
              </td>
              <td className="py-1 text-right whitespace-nowrap tabular-nums">
                {line.credit > 0 ? formatMoney(line.credit) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Every entry of the period, newest first, a page at a time. */
export function JournalPanel({
  period,
  onReverse,
  onNewEntry,
}: {
  period: PeriodChoice;
  onReverse: (entry: { id: number; reference: string }) => void;
  onNewEntry: () => void;
}) {
  const { t } = useTranslation('ledger');
  const [page, setPage] = useState(1);
  const journal = useJournal(period, page);
  return (
    <QueryState
      query={journal}
      loading={t('loading')}
      icon={BookOpen}
      empty={{
        title: t('journal.empty_title'),
        message: t('journal.empty_text'),
        action: <Button onClick={onNewEntry}>{t('new_entry')}</Button>,
      }}
      isEmpty={(list) => list.total === 0}
    >
      {(list) => {
        const pages = Math.max(1, Math.ceil(list.total / JOURNAL_PAGE_SIZE));
        return (
          <div className="space-y-3">
            <ul className="space-y-3">
              {list.entries.map((entry) => (
                <li key={entry.id}>
                  <EntryCard entry={entry} onReverse={onReverse} />
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="flex items-center justify-between gap-2" aria-label={t('journal.pages')}>
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  <ChevronLeft aria-hidden className="size-4" />
                  {t('journal.previous')}
                </Button>
                <span className="text-sm text-stone-600">{t('journal.page', { page, pages })}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('journal.next')}
                  <ChevronRight aria-hidden className="size-4" />
                </Button>
              </nav>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

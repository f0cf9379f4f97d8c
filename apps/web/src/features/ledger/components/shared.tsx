import type { TFunction } from 'i18next';
import type { JournalSource } from '@tt/domain';
import type { LucideIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { Loading } from '../../../components/ui/Loading';
import { formatDate, formatMoney } from '../../../lib/format';

/** An account's name in the user's language (the chart is the same for every business). */
export const accountName = (t: TFunction, code: number) => t(`ledger:account_names.${code}`);

/** What a posting is about: the owner's own words for a manual entry, its cause for an automatic one. */
export const describePosting = (t: TFunction, source: JournalSource, description: string) =>
  source === 'manual' ? description : t(`ledger:sources.${source}`);

/** A rand amount, negative ones with a minus sign. */
export const money = (rand: number) => (rand < 0 ? `-${formatMoney(-rand)}` : formatMoney(rand));

/** A day (YYYY-MM-DD) as the user reads dates (midnight UTC is the same day in Johannesburg). */
export const formatDay = (day: string, language: string) => formatDate(`${day}T00:00:00Z`, language);

/** Loading, a load error with retry, an empty state, or the content. */
export function QueryPanel<T>({
  query,
  loading,
  icon,
  empty,
  isEmpty,
  bare = false,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  icon: LucideIcon;
  empty: { title: string; message?: string; action?: React.ReactNode };
  isEmpty: (data: T) => boolean;
  /** Already inside a card: the empty state without a card of its own. */
  bare?: boolean;
  children: (data: T) => React.ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError) return <LoadError icon={icon} onRetry={() => void query.refetch()} />;
    return <Loading label={loading} />;
  }
  if (isEmpty(query.data)) {
    if (bare) return <EmptyState icon={icon} {...empty} />;
    return (
      <Card>
        <EmptyState icon={icon} {...empty} />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

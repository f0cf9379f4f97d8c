import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from './Card';
import { EmptyState } from './EmptyState';
import { LoadError } from './LoadError';
import { Loading } from './Loading';

export interface EmptyProps {
  title: string;
  message?: string;
  action?: React.ReactNode;
  /** The empty state's test id, for a test that waits for it. */
  testId?: string;
}

/**
 * The one ladder every screen climbs: loading, a failed load with a way to retry, nothing there yet,
 * or the data. Data already on screen stays when a background refetch fails (the toast says why);
 * only a load that never succeeded shows the error.
 */
export function QueryState<T>({
  query,
  icon,
  loading,
  empty,
  isEmpty = defaultIsEmpty,
  compact = false,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'refetch'>;
  /** Shown with the error and the empty state. */
  icon: LucideIcon;
  /** What is loading, for screen readers and the slow phone; "Loading…" when not given. */
  loading?: string;
  /** Without it an empty result goes to the children (for screens that draw their own). */
  empty?: EmptyProps;
  isEmpty?: (data: T) => boolean;
  /** Inside a dialog or a box: a short loading state instead of a screen-high one. */
  compact?: boolean;
  children: (data: T) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data === undefined) {
    if (query.isPending) return <Loading label={loading ?? t('common:common.loading')} compact={compact} />;
    return <LoadError icon={icon} onRetry={() => void query.refetch()} />;
  }
  if (empty && isEmpty(query.data)) {
    return (
      <Card>
        <EmptyState
          icon={icon}
          title={empty.title}
          message={empty.message}
          action={empty.action}
          testId={empty.testId}
        />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

function defaultIsEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === 'object' && 'items' in data && Array.isArray(data.items)) {
    return data.items.length === 0;
  }
  return false;
}

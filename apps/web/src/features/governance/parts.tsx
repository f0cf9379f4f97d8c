import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Loading } from '../../components/ui/Loading';

/** A form's error text: the domain's `validation.*` keys translated (this area first, then common). */
export function useFieldMessage() {
  const { t } = useTranslation('governance');
  return (m: string | undefined) =>
    m ? (m.startsWith('validation.') ? t([m, `common:${m}`]) : m) : undefined;
}

/** Loading, a failed load (with a retry) or an empty list, else the list itself. */
export function ListState<T>({
  query,
  icon,
  emptyTitle,
  emptyText,
  children,
}: {
  query: UseQueryResult<T[]>;
  icon: LucideIcon;
  emptyTitle: string;
  emptyText?: string;
  children: (items: T[]) => React.ReactNode;
}) {
  const { t } = useTranslation('governance');
  if (query.isPending) return <Loading label={t('common:common.loading')} />;
  if (!query.data) {
    return (
      <Card>
        <EmptyState
          icon={icon}
          title={t('common:errors.screen_title')}
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('common:common.reload')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (query.data.length === 0) {
    return (
      <Card>
        <EmptyState icon={icon} title={emptyTitle} message={emptyText} />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

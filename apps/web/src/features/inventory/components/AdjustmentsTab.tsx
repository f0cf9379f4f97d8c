import { useTranslation } from 'react-i18next';
import { ClipboardList, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { Loading } from '../../../components/ui/Loading';
import { useMovements } from '../api';
import { MovementsList } from './MovementsList';

/** Adjustments: corrections with a reason (damage, theft, a count); the recent ones among the last 200 movements. */
export function AdjustmentsTab({ onRecord }: { onRecord: () => void }) {
  const { t } = useTranslation('inventory');
  const movements = useMovements(200);
  const adjustments = movements.data?.movements.filter((m) => m.movement_type === 'adjustment') ?? [];
  return (
    <Card className="p-3 sm:p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-xl text-sm text-stone-600">{t('adjustments.text')}</p>
        <Button onClick={onRecord} data-testid="record-adjustment">
          <Plus aria-hidden className="size-4" />
          {t('adjustments.record')}
        </Button>
      </div>
      {movements.isPending ? (
        <Loading label={t('loading')} />
      ) : movements.isError ? (
        <LoadError icon={ClipboardList} onRetry={() => void movements.refetch()} />
      ) : adjustments.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title={t('empty.movements.title')}
          message={t('empty.movements.message')}
        />
      ) : (
        <MovementsList movements={adjustments} />
      )}
    </Card>
  );
}

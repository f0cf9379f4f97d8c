import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftRight } from 'lucide-react';
import { MOVEMENTS_FIRST_PAGE } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { useMovements } from '../api';
import { MovementsList } from './MovementsList';

/** Spec 2: the first 20 movements; more on request (20 at a time). */
export function MovementsTab() {
  const { t } = useTranslation('inventory');
  const [limit, setLimit] = useState(MOVEMENTS_FIRST_PAGE);
  const movements = useMovements(limit);
  return (
    <QueryState
      query={movements}
      icon={ArrowLeftRight}
      loading={t('loading')}
      empty={{ title: t('empty.movements.title'), message: t('empty.movements.message') }}
      isEmpty={(data) => data.movements.length === 0}
    >
      {(data) => (
        <Card className="px-3 sm:px-4">
          <MovementsList movements={data.movements} />
          {data.has_more && limit < 200 && (
            <div className="border-t border-stone-100 py-3 text-center">
              <Button
                variant="outline"
                onClick={() => setLimit((l) => Math.min(200, l + MOVEMENTS_FIRST_PAGE))}
                loading={movements.isFetching}
                data-testid="more-movements"
              >
                {t('more_movements')}
              </Button>
            </div>
          )}
        </Card>
      )}
    </QueryState>
  );
}

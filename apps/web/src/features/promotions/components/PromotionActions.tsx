import { useTranslation } from 'react-i18next';
import type { Promotion } from '@tt/domain';
import { Button } from '../../../components/ui/Button';

export interface PromotionHandlers {
  onView: () => void;
  onEdit: () => void;
  onPublish: () => void;
  onCancel: () => void;
  onDelete: () => void;
}

/**
 * What may be done to one promotion, the same in the table and on the phone's cards: everybody views it;
 * its owner edits it until it ends, publishes a draft, cancels a published one and deletes one nobody
 * has used (the server enforces the same, DECISIONS 21).
 */
export function PromotionActions({
  promotion: p,
  mine,
  handlers,
  showView = true,
  stacked = false,
}: {
  promotion: Promotion;
  mine: boolean;
  handlers: PromotionHandlers;
  /** The table opens the promotion from its name instead. */
  showView?: boolean;
  /** One under the other, as wide as the widest (the table's narrow last column). */
  stacked?: boolean;
}) {
  const { t } = useTranslation('promotions');
  const changeable = mine && p.status !== 'cancelled' && p.status !== 'expired';
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-1.5' : 'flex flex-wrap gap-2'}>
      {showView && (
        <Button size="sm" variant="outline" onClick={handlers.onView} data-testid="view-promotion">
          {t('actions.view')}
        </Button>
      )}
      {changeable && (
        <Button size="sm" variant="outline" onClick={handlers.onEdit} data-testid="edit-promotion">
          {t('actions.edit')}
        </Button>
      )}
      {changeable && p.status === 'draft' && (
        <Button size="sm" onClick={handlers.onPublish} data-testid="publish-promotion">
          {t('actions.publish')}
        </Button>
      )}
      {changeable && p.status !== 'draft' && (
        <Button size="sm" variant="outline" onClick={handlers.onCancel} data-testid="cancel-promotion">
          {t('actions.cancel')}
        </Button>
      )}
      {mine && p.orders_count === 0 && (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          onClick={handlers.onDelete}
          data-testid="delete-promotion"
        >
          {t('actions.delete')}
        </Button>
      )}
    </div>
  );
}

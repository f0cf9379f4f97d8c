import { useTranslation } from 'react-i18next';
import type { StockMovement } from '@tt/domain';
import { formatDateTime } from '../../../lib/format';
import { MovementBadge } from './StockBadges';

/** Movements newest first: a list that reads the same on a phone and on a desktop. */
export function MovementsList({ movements }: { movements: StockMovement[] }) {
  const { t, i18n } = useTranslation('inventory');
  return (
    <ul className="divide-y divide-stone-100" data-testid="movements-list">
      {movements.map((m) => (
        <li key={m.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3" data-testid="movement">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-stone-900">{m.product_name}</p>
            <p className="text-xs text-stone-500">
              {m.movement_type === 'transfer' && m.other_location_name
                ? t(m.quantity < 0 ? 'movement.to' : 'movement.from', {
                    location: m.location_name,
                    other: m.other_location_name,
                  })
                : m.location_name}
              {m.reason ? ` · ${m.reason}` : ''}
              {m.reference ? ` · ${m.reference}` : ''}
            </p>
            <p className="text-xs text-stone-500">
              {t('movement.by', {
                name: m.performed_by_name || t('movement.system'),
                date: formatDateTime(m.created_at, i18n.language),
              })}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <MovementBadge type={m.movement_type} />
            <span
              className={`w-16 text-right font-semibold tabular-nums ${m.quantity < 0 ? 'text-red-700' : 'text-green-800'}`}
            >
              {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

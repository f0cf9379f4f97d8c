import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';
import { formatMoney } from '../../../lib/format';
import type { VirtualInventoryItem } from '../api';

/** On a phone each line is a card with every figure, Value included (issue 10 point 10); a table above. */
function InventoryCards({ items }: { items: VirtualInventoryItem[] }) {
  const { t } = useTranslation('warehouses');
  return (
    <ul className="space-y-2 sm:hidden" data-testid="inventory-cards">
      {items.map((item) => (
        <li key={item.id}>
          <Card className="p-3" data-testid="inventory-card">
            <p className="font-medium break-words text-stone-900">{item.product_name}</p>
            <p className="text-xs break-words text-stone-500">{item.warehouse_name}</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs break-words text-stone-500">{t('inventory.quantity')}</dt>
                <dd className="font-medium tabular-nums">{item.quantity}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs break-words text-stone-500">{t('inventory.reserved')}</dt>
                <dd className="font-medium tabular-nums">{item.reserved_quantity}</dd>
              </div>
              <div className="min-w-0 text-right">
                <dt className="text-xs break-words text-stone-500">{t('inventory.value')}</dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="inventory-value">
                  {formatMoney(item.total_value)}
                </dd>
              </div>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** What the member keeps in the co-op's warehouses: cards on a phone, a table from `sm`. */
export function InventoryTable({ items }: { items: VirtualInventoryItem[] }) {
  const { t } = useTranslation('warehouses');
  return (
    <>
      <InventoryCards items={items} />
      <Card className="hidden overflow-hidden sm:block">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="inventory-table">
            <thead className="bg-stone-50 text-xs text-stone-500 uppercase">
              <tr>
                <th className="px-4 py-2.5 font-medium">{t('inventory.product')}</th>
                <th className="px-4 py-2.5 font-medium">{t('inventory.warehouse')}</th>
                <th className="px-4 py-2.5 text-right font-medium">{t('inventory.quantity')}</th>
                <th className="px-4 py-2.5 text-right font-medium">{t('inventory.reserved')}</th>
                <th className="px-4 py-2.5 text-right font-medium">{t('inventory.value')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-2.5 font-medium">{item.product_name}</td>
                  <td className="px-4 py-2.5 text-stone-600">{item.warehouse_name}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{item.quantity}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{item.reserved_quantity}</td>
                  <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(item.total_value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

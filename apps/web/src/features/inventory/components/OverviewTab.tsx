import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, MapPin, PackagePlus, Search, SlidersHorizontal, Upload, Warehouse } from 'lucide-react';
import { STOCK_STATUSES, type InventoryItem, type StockStatus } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Input, Select } from '../../../components/ui/Field';
import { LoadError } from '../../../components/ui/LoadError';
import { Loading } from '../../../components/ui/Loading';
import { ShowMore } from '../../../components/ui/ShowMore';
import { ApiError } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { fetchAllInventory, useInventory } from '../api';
import { downloadInventoryCsv } from '../csv';
import { AddItemDialog, AddLocationDialog, ThresholdsDialog } from './SmallDialogs';
import { ImportDialog } from './ImportDialog';
import { StatusBadge } from './StockBadges';

const PAGE = 50;

export function OverviewTab({ onNotice }: { onNotice: (message: string) => void }) {
  const { t, i18n } = useTranslation('inventory');
  // A link may name what to look for (AI insights' Take Action: ?search=<sku>).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [status, setStatus] = useState<StockStatus | ''>('');
  const [limit, setLimit] = useState(PAGE);
  const deferredSearch = useDeferredValue(search.trim());
  const list = useInventory({
    limit,
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(status ? { status } : {}),
  });
  const [dialog, setDialog] = useState<'item' | 'location' | 'import' | null>(null);
  const [editing, setEditing] = useState<InventoryItem | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllInventory();
      downloadInventoryCsv(all.items, t);
      onNotice(t('notice.exported', { count: all.items.length }));
    } catch (error) {
      if (!(error instanceof ApiError)) toastError(t('export_failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="p-3 sm:p-4">
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label className="relative flex-1">
          <span className="sr-only">{t('search_label')}</span>
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setLimit(PAGE);
            }}
            placeholder={t('search_placeholder')}
            className="pl-9"
            data-testid="inventory-search"
          />
        </label>
        <label className="sm:w-48">
          <span className="sr-only">{t('status_filter')}</span>
          <Select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StockStatus | '');
              setLimit(PAGE);
            }}
            data-testid="inventory-status"
          >
            <option value="">{t('status.all')}</option>
            {STOCK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <div className="mb-3 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void exportCsv()}
          loading={exporting}
          data-testid="export-csv"
        >
          <Download aria-hidden className="size-4" />
          {t('export')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDialog('import')} data-testid="import-csv">
          <Upload aria-hidden className="size-4" />
          {t('import')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDialog('item')} data-testid="add-item">
          <PackagePlus aria-hidden className="size-4" />
          {t('add_item')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDialog('location')} data-testid="add-location">
          <MapPin aria-hidden className="size-4" />
          {t('add_location')}
        </Button>
      </div>

      {list.isPending ? (
        <Loading label={t('loading')} />
      ) : list.isError ? (
        <LoadError icon={Warehouse} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Warehouse} title={t('empty.items.title')} message={t('empty.items.message')} />
      ) : (
        <>
          <ItemsTable items={list.data.items} language={i18n.language} onEdit={setEditing} />
          <ShowMore
            more={list.data.total > list.data.items.length}
            shown={list.data.items.length}
            total={list.data.total}
            loading={list.isFetching}
            onMore={() => setLimit((l) => l + PAGE)}
          />
        </>
      )}

      {dialog === 'item' && (
        <AddItemDialog
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            onNotice(t('notice.item_added'));
          }}
        />
      )}
      {dialog === 'location' && (
        <AddLocationDialog
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            onNotice(t('notice.location_added'));
          }}
        />
      )}
      {dialog === 'import' && (
        <ImportDialog
          onClose={() => setDialog(null)}
          onApplied={(lines) => {
            setDialog(null);
            onNotice(t('notice.imported', { count: lines }));
          }}
        />
      )}
      {editing && (
        <ThresholdsDialog
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onNotice(t('notice.thresholds_saved'));
          }}
        />
      )}
    </Card>
  );
}

function ItemsTable({
  items,
  language,
  onEdit,
}: {
  items: InventoryItem[];
  language: string;
  onEdit: (item: InventoryItem) => void;
}) {
  const { t } = useTranslation('inventory');
  const editButton = (item: InventoryItem) => (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => onEdit(item)}
      aria-label={t('thresholds.edit_for', { product: item.product_name, location: item.location_name })}
    >
      <SlidersHorizontal aria-hidden className="size-4" />
      {t('thresholds.edit')}
    </Button>
  );
  return (
    <>
      {/* Phones: one card per item. */}
      <ul className="space-y-2 md:hidden" data-testid="inventory-cards">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg border border-stone-200 p-3" data-testid="inventory-item">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-stone-900">{item.product_name}</p>
                <p className="text-xs text-stone-500">
                  {item.product_sku} · {item.location_name}
                </p>
              </div>
              <StatusBadge status={item.status} />
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-stone-500">{t('columns.quantity')}</dt>
                <dd className="font-semibold tabular-nums">{item.quantity}</dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">{t('columns.reserved')}</dt>
                <dd className="tabular-nums">{item.reserved_quantity}</dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">{t('columns.value')}</dt>
                <dd className="tabular-nums">{formatMoney(item.total_value)}</dd>
              </div>
            </dl>
            <div className="mt-1 flex items-center justify-between gap-2 text-xs text-stone-500">
              <span>
                {t('columns.reorder_point')}: {item.reorder_point ?? '—'}
              </span>
              {editButton(item)}
            </div>
          </li>
        ))}
      </ul>
      {/* Wider screens: a table. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('columns.product')}</th>
              <th className="py-2 pr-3 font-medium">{t('columns.location')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('columns.quantity')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('columns.reserved')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('columns.reorder_point')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('columns.unit_cost')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('columns.value')}</th>
              <th className="py-2 pr-3 font-medium">{t('columns.status')}</th>
              <th className="py-2 font-medium">
                <span className="sr-only">{t('columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {items.map((item) => (
              <tr key={item.id} data-testid="inventory-row">
                <td className="py-2 pr-3">
                  <p className="font-medium text-stone-900">{item.product_name}</p>
                  <p className="text-xs text-stone-500">
                    {item.product_sku} · {t('updated', { date: formatDate(item.last_updated, language) })}
                  </p>
                </td>
                <td className="py-2 pr-3">{item.location_name}</td>
                <td className="py-2 pr-3 text-right font-semibold tabular-nums">{item.quantity}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{item.reserved_quantity}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{item.reorder_point ?? '—'}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(item.unit_cost)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(item.total_value)}</td>
                <td className="py-2 pr-3">
                  <StatusBadge status={item.status} />
                </td>
                <td className="py-2 text-right">{editButton(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

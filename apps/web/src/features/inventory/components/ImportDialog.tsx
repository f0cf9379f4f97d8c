import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNT_ROWS_MAX, type StockCountResult } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { useApplyCounts, useLocations, usePreviewCounts } from '../api';
import { parseCountCsv, type ParsedCount } from '../csv';

/**
 * Import (CSV) of counts at one location: the file is read here (papaparse), the server previews each
 * line's difference without writing, and only Apply writes the adjustments (reason "Stock count").
 */
export function ImportDialog({
  onClose,
  onApplied,
}: {
  onClose: () => void;
  onApplied: (lines: number) => void;
}) {
  const { t } = useTranslation('inventory');
  const locations = useLocations();
  const preview = usePreviewCounts();
  const apply = useApplyCounts();
  const [locationId, setLocationId] = useState('');
  const [counts, setCounts] = useState<ParsedCount[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StockCountResult | null>(null);
  const location = locationId || String(locations.data?.[0]?.id ?? '');

  const readFile = async (file: File | undefined) => {
    setResult(null);
    setCounts(null);
    setProblem(null);
    if (!file) return;
    if (file.size > 1_000_000) return setProblem(t('import_dialog.too_large'));
    const parsed = parseCountCsv(await file.text());
    if (!parsed) return setProblem(t('import_dialog.no_columns'));
    if (parsed.badRows.length > 0) {
      return setProblem(t('import_dialog.bad_rows', { rows: parsed.badRows.slice(0, 10).join(', ') }));
    }
    if (parsed.counts.length === 0) return setProblem(t('import_dialog.empty'));
    if (parsed.counts.length > COUNT_ROWS_MAX)
      return setProblem(t('import_dialog.too_many', { max: COUNT_ROWS_MAX }));
    setCounts(parsed.counts);
  };

  const body = counts && location ? { location_id: Number(location), counts } : null;
  const changed = result?.lines.filter((l) => l.difference !== 0).length ?? 0;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('import_dialog.title')}
      description={t('import_dialog.text')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={apply.isPending}>
            {t('common:common.cancel')}
          </Button>
          {result ? (
            <Button
              onClick={() => body && apply.mutate(body, { onSuccess: () => onApplied(changed) })}
              loading={apply.isPending}
              disabled={!body}
              data-testid="apply-import"
            >
              {t('import_dialog.apply', { count: changed })}
            </Button>
          ) : (
            <Button
              onClick={() => body && preview.mutate(body, { onSuccess: setResult })}
              loading={preview.isPending}
              disabled={!body}
              data-testid="preview-import"
            >
              {t('import_dialog.preview')}
            </Button>
          )}
        </div>
      }
    >
      <div className="space-y-4">
        <Field label={t('dialog.location')} htmlFor="import-location" required>
          <Select
            id="import-location"
            value={location}
            onChange={(e) => {
              setLocationId(e.target.value);
              setResult(null);
            }}
          >
            {(locations.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('import_dialog.file')}
          htmlFor="import-file"
          required
          hint={t('import_dialog.file_hint')}
          error={problem ?? undefined}
        >
          <Input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void readFile(e.target.files?.[0])}
            data-testid="import-file"
          />
        </Field>
        {result && (
          <div className="overflow-x-auto" data-testid="import-preview">
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left text-sm font-medium text-stone-700">
                {t('import_dialog.preview_caption', { count: result.lines.length, changed })}
              </caption>
              <thead className="text-xs text-stone-500">
                <tr>
                  <th className="py-1 pr-2 font-medium">{t('columns.product')}</th>
                  <th className="py-1 pr-2 text-right font-medium">{t('import_dialog.current')}</th>
                  <th className="py-1 pr-2 text-right font-medium">{t('import_dialog.counted')}</th>
                  <th className="py-1 text-right font-medium">{t('import_dialog.difference')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {result.lines.map((line) => (
                  <tr key={line.sku}>
                    <td className="py-1 pr-2">
                      {line.product_name}
                      <span className="block text-xs text-stone-500">{line.sku}</span>
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums">{line.current_quantity}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{line.counted_quantity}</td>
                    <td
                      className={`py-1 text-right font-semibold tabular-nums ${line.difference < 0 ? 'text-red-700' : line.difference > 0 ? 'text-green-800' : 'text-stone-500'}`}
                    >
                      {line.difference > 0 ? `+${line.difference}` : line.difference}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Dialog>
  );
}

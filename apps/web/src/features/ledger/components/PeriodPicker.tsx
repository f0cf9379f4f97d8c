import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '@tt/domain';
import { Field, Input, Select } from '../../../components/ui/Field';
import type { PeriodChoice } from '../api';

/** Spec 3's period select (with a custom range): it drives the tiles and every report. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
}) {
  const { t } = useTranslation('ledger');
  const invalid = value.period === 'custom' && !!value.from && !!value.to && value.from > value.to;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-52">
        <Field label={t('period.label')} htmlFor="fc-period">
          <Select
            id="fc-period"
            data-testid="period-select"
            value={value.period}
            onChange={(e) => onChange({ ...value, period: e.target.value as Period })}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {value.period === 'custom' && (
        <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
          <Field label={t('period.from')} htmlFor="fc-from">
            <Input
              id="fc-from"
              type="date"
              value={value.from ?? ''}
              onChange={(e) => onChange({ ...value, from: e.target.value || undefined })}
            />
          </Field>
          <Field label={t('period.to')} htmlFor="fc-to" error={invalid ? t('period.invalid') : undefined}>
            <Input
              id="fc-to"
              type="date"
              aria-invalid={invalid || undefined}
              value={value.to ?? ''}
              onChange={(e) => onChange({ ...value, to: e.target.value || undefined })}
            />
          </Field>
        </div>
      )}
    </div>
  );
}

import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import {
  ACCOUNT_TYPES,
  CHART_OF_ACCOUNTS,
  imbalanceOf,
  journalEntryInputSchema,
  randToCents,
  sastDate,
  type JournalEntry,
  type JournalEntryInput,
} from '@tt/domain';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { applyServerErrors, serverMessage } from '../../../lib/form-errors';
import { usePostEntry } from '../api';
import { accountName } from './shared';

type Values = z.input<typeof journalEntryInputSchema>;
type Parsed = z.output<typeof journalEntryInputSchema>;

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const emptyLine = { account_code: undefined as unknown as number, debit: undefined, credit: undefined };

/** Cents of a typed amount, or 0 while it is not (yet) a rand amount. */
const centsOf = (value: unknown) => {
  try {
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? randToCents(value) : 0;
  } catch {
    return 0;
  }
};

/**
 * Spec 3's New Journal Entry dialog, which now saves (DECISIONS 11): a date, a reference, a description
 * and two or more lines. The totals show as they are typed; the server refuses an entry whose debits and
 * credits differ, and the dialog keeps what was typed.
 */
export function NewEntryDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (entry: JournalEntry) => void;
}) {
  const { t } = useTranslation('ledger');
  const post = usePostEntry();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(journalEntryInputSchema),
    defaultValues: { entry_date: sastDate(), reference: '', description: '', lines: [emptyLine, emptyLine] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = watch('lines') ?? [];
  const totals = imbalanceOf(
    lines.map((l) => ({ debit_cents: centsOf(l?.debit), credit_cents: centsOf(l?.credit) })),
  );
  const balanced = totals.debits > 0 && totals.difference === 0;

  const onSubmit = handleSubmit((input) =>
    post.mutate(input as JournalEntryInput, {
      onSuccess: onSaved,
      onError: (error) => {
        const names = ['entry_date', 'reference', 'description', 'lines'];
        const lineFields = fields.flatMap((_, i) =>
          ['account_code', 'debit', 'credit'].map((f) => `lines.${i}.${f}`),
        );
        void applyServerErrors(error, setError, t, [...names, ...lineFields]);
      },
    }),
  );
  /** The server's text for a field it refused (translated), else this form's own hint for the field. */
  const fieldError = (
    name: 'entry_date' | 'reference' | 'description' | 'account' | 'amount' | 'lines',
    error: { type?: unknown; message?: string } | undefined,
  ) => serverMessage(error) ?? (error ? t(`entry.invalid.${name}`) : undefined);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('entry.title')}
      description={t('entry.text')}
      closeLabel={t('entry.close')}
      className="sm:w-[min(94vw,46rem)]"
      footer={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <dl
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
            data-testid="entry-totals"
            aria-live="polite"
          >
            <div className="flex gap-1">
              <dt className="text-stone-600">{t('entry.debits')}</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(totals.debits / 100)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-stone-600">{t('entry.credits')}</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(totals.credits / 100)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-stone-600">{balanced ? t('entry.balanced') : t('entry.difference')}</dt>
              <dd
                className={`font-semibold tabular-nums ${balanced ? 'text-green-800' : 'text-red-700'}`}
                data-testid="entry-difference"
              >
                {formatMoney(Math.abs(totals.difference) / 100)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose} disabled={post.isPending}>
              {t('entry.cancel')}
            </Button>
            <Button
              type="submit"
              form="journal-entry-form"
              loading={post.isPending}
              disabled={!balanced}
              data-testid="save-entry"
            >
              {t('entry.save')}
            </Button>
          </div>
        </div>
      }
    >
      <form id="journal-entry-form" noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('entry.date')}
            htmlFor="je-date"
            required
            error={fieldError('entry_date', errors.entry_date)}
          >
            <Input
              id="je-date"
              type="date"
              aria-invalid={errors.entry_date ? true : undefined}
              {...register('entry_date')}
            />
          </Field>
          <Field
            label={t('entry.reference')}
            htmlFor="je-reference"
            required
            error={fieldError('reference', errors.reference)}
          >
            <Input
              id="je-reference"
              placeholder={t('entry.reference_placeholder')}
              aria-invalid={errors.reference ? true : undefined}
              {...register('reference')}
            />
          </Field>
        </div>
        <Field
          label={t('entry.description')}
          htmlFor="je-description"
          required
          error={fieldError('description', errors.description)}
        >
          <Input
            id="je-description"
            aria-invalid={errors.description ? true : undefined}
            {...register('description')}
          />
        </Field>

        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-semibold text-stone-900">{t('entry.lines')}</legend>
          {fields.map((line, i) => {
            const lineErrors = errors.lines?.[i];
            return (
              <div
                key={line.id}
                className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-end"
                data-testid="entry-line"
              >
                <div className="col-span-2 sm:col-span-1">
                  <Field
                    label={t('entry.account_n', { n: i + 1 })}
                    htmlFor={`je-account-${i}`}
                    error={fieldError('account', lineErrors?.account_code)}
                  >
                    <Select
                      id={`je-account-${i}`}
                      data-testid={`line-account-${i}`}
                      aria-invalid={lineErrors?.account_code ? true : undefined}
                      {...register(`lines.${i}.account_code`, { setValueAs: toNumber })}
                    >
                      <option value="">{t('entry.choose')}</option>
                      {ACCOUNT_TYPES.map((type) => (
                        <optgroup key={type} label={t(`types.${type}`)}>
                          {CHART_OF_ACCOUNTS.filter((a) => a.type === type).map((a) => (
                            <option key={a.code} value={a.code}>
                              {a.code} · {accountName(t, a.code)}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </Select>
                  </Field>
                </div>
                <Field
                  label={t('entry.debit')}
                  htmlFor={`je-debit-${i}`}
                  error={fieldError('amount', lineErrors?.debit)}
                >
                  <Input
                    id={`je-debit-${i}`}
                    data-testid={`line-debit-${i}`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    aria-invalid={lineErrors?.debit ? true : undefined}
                    {...register(`lines.${i}.debit`, { setValueAs: toNumber })}
                  />
                </Field>
                <Field
                  label={t('entry.credit')}
                  htmlFor={`je-credit-${i}`}
                  error={fieldError('amount', lineErrors?.credit)}
                >
                  <Input
                    id={`je-credit-${i}`}
                    data-testid={`line-credit-${i}`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    aria-invalid={lineErrors?.credit ? true : undefined}
                    {...register(`lines.${i}.credit`, { setValueAs: toNumber })}
                  />
                </Field>
                <div className="col-span-2 flex justify-end sm:col-span-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={fields.length <= 2}
                    onClick={() => remove(i)}
                    aria-label={t('entry.remove_line', { n: i + 1 })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </div>
              </div>
            );
          })}
          {(errors.lines?.root ?? errors.lines?.message) && (
            <p className="text-xs text-red-600" role="alert">
              {fieldError('lines', errors.lines?.root ?? errors.lines)}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => append(emptyLine)}
            disabled={fields.length >= 30}
            data-testid="add-line"
          >
            <Plus aria-hidden className="size-4" />
            {t('entry.add_line')}
          </Button>
        </fieldset>
      </form>
    </Dialog>
  );
}

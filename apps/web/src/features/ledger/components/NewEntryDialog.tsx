import { useFieldArray } from 'react-hook-form';
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
} from '@tt/domain';
import { FormField, toNumber, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import { usePostEntry } from '../api';
import { accountName } from './shared';

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
  const form = useContractForm(journalEntryInputSchema, {
    defaultValues: { entry_date: sastDate(), reference: '', description: '', lines: [emptyLine, emptyLine] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = form.watch('lines') ?? [];
  const totals = imbalanceOf(
    lines.map((l) => ({ debit_cents: centsOf(l?.debit), credit_cents: centsOf(l?.credit) })),
  );
  const balanced = totals.debits > 0 && totals.difference === 0;
  const onSubmit = useFormSubmit(form, (input) => post.mutateAsync(input), {
    onSuccess: onSaved,
    keepValues: true,
  });
  const linesError = form.formState.errors.lines?.root ?? form.formState.errors.lines;
  const amount = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;

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
      <form id="journal-entry-form" noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="entry_date"
            id="je-date"
            label={t('entry.date')}
            type="date"
            required
          />
          <FormField
            form={form}
            name="reference"
            id="je-reference"
            label={t('entry.reference')}
            required
            inputProps={{ placeholder: t('entry.reference_placeholder') }}
          />
        </div>
        <FormField
          form={form}
          name="description"
          id="je-description"
          label={t('entry.description')}
          required
        />

        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-semibold text-stone-900">{t('entry.lines')}</legend>
          {fields.map((line, i) => (
            <div
              key={line.id}
              className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-end"
              data-testid="entry-line"
            >
              <div className="col-span-2 sm:col-span-1">
                <FormField
                  form={form}
                  name={`lines.${i}.account_code`}
                  id={`je-account-${i}`}
                  label={t('entry.account_n', { n: i + 1 })}
                  registerOptions={{ setValueAs: toNumber }}
                >
                  {(control) => (
                    <Select {...control} data-testid={`line-account-${i}`}>
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
                  )}
                </FormField>
              </div>
              <FormField
                form={form}
                name={`lines.${i}.debit`}
                id={`je-debit-${i}`}
                label={t('entry.debit')}
                type="number"
                inputProps={{ ...amount, 'data-testid': `line-debit-${i}` } as object}
                registerOptions={{ setValueAs: toNumber }}
              />
              <FormField
                form={form}
                name={`lines.${i}.credit`}
                id={`je-credit-${i}`}
                label={t('entry.credit')}
                type="number"
                inputProps={{ ...amount, 'data-testid': `line-credit-${i}` } as object}
                registerOptions={{ setValueAs: toNumber }}
              />
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
          ))}
          {linesError?.message && (
            <p className="text-xs text-red-600" role="alert">
              {linesError.message}
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

import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from './FormField';
import { asNumber, toNumberOrNull } from './numbers';

/** DECISIONS 21: a promotion or a trade offer takes a percentage or an amount (rand) off each unit. */
export type DiscountKind = 'percentage' | 'amount';

// The form's output type varies by schema; only its field state and registration are used here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/**
 * The discount box of a promotion or a trade offer: a percentage (0.1 to 100, one decimal) or an amount
 * in rand taken off each unit, before VAT. An empty box is "not given": the schema's default and its
 * words (e.g. "Enter a percentage from 0.1 to 100.") decide.
 */
export function DiscountField<T extends FieldValues>({
  form,
  name,
  id,
  kind,
  required = true,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  id: string;
  kind: DiscountKind;
  required?: boolean;
}) {
  const { t } = useTranslation('common');
  return kind === 'percentage' ? (
    <FormField
      form={form}
      name={name}
      id={id}
      label={t('discount.percentage')}
      required={required}
      type="number"
      inputProps={{ inputMode: 'decimal', min: 0, max: 100, step: 0.1 }}
      registerOptions={asNumber}
    />
  ) : (
    <FormField
      form={form}
      name={name}
      id={id}
      label={t('discount.amount')}
      hint={t('discount.per_unit')}
      required={required}
      type="number"
      inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
      registerOptions={asNumber}
    />
  );
}

/**
 * A discount's two limits: the smallest order (the seller's goods in it, before VAT) and how many orders
 * may use it (empty: no limit; a cancelled order gives its use back). Two grid cells of the caller's grid.
 */
export function DiscountLimitFields<T extends FieldValues>({
  form,
  idPrefix,
  minimumName,
  maxUsesName,
}: {
  form: AnyForm<T>;
  /** The ids are `${idPrefix}-minimum` and `${idPrefix}-max-uses`. */
  idPrefix: string;
  minimumName: Path<T>;
  maxUsesName: Path<T>;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormField
        form={form}
        name={minimumName}
        id={`${idPrefix}-minimum`}
        label={t('discount.minimum_order_value')}
        hint={t('discount.minimum_hint')}
        type="number"
        inputProps={{ inputMode: 'decimal', min: 0, step: 0.01 }}
        registerOptions={asNumber}
      />
      <FormField
        form={form}
        name={maxUsesName}
        id={`${idPrefix}-max-uses`}
        label={t('discount.max_uses')}
        hint={t('discount.max_uses_hint')}
        type="number"
        inputProps={{ inputMode: 'numeric', min: 1, step: 1 }}
        registerOptions={{ setValueAs: toNumberOrNull }}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../lib/form-errors';

/**
 * The submit handler of a `useContractForm` form: the schema checks first, then `send` (a mutation's
 * `mutateAsync`) runs; on success the form is reset (unless `keepValues`) and `onSuccess` runs; on a
 * refusal the server's field errors land under their fields, translated, and what was typed stays
 * (the toast, from the query client, says the rest). `fields` maps a request field to the form's when
 * their names differ; by default a field error goes to the form field of the same name. `onError` sees
 * every refusal too (e.g. a 402 plan limit that opens the upgrade dialog).
 */
export function useFormSubmit<TInput extends FieldValues, TOutput, TResult>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<TInput, any, TOutput>,
  send: (values: TOutput) => Promise<TResult>,
  options: {
    onSuccess?: (result: TResult, values: TOutput) => void;
    onError?: (error: unknown) => void;
    keepValues?: boolean;
    fields?: Readonly<Record<string, Path<TInput>>>;
  } = {},
): (event?: React.BaseSyntheticEvent) => void {
  const { t } = useTranslation();
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await send(values);
      if (!options.keepValues) form.reset();
      options.onSuccess?.(result, values);
    } catch (error) {
      options.onError?.(error);
      await applyServerErrors(error, form.setError, t, options.fields ?? Object.keys(form.getValues()));
    }
  });
  return (event) => void submit(event);
}

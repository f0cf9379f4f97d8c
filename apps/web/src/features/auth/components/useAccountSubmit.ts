import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { translateCode } from '../../../lib/errors';

/**
 * The submit handler of an account form (`useContractForm`): the schema checks first, then `send`. A refusal of
 * fields lands under them; any other refusal is returned as `refusal`, for the screen to say above its button
 * (these screens are not toasted: a person must read why a sign-in failed, and what to do). `fieldFor` puts a
 * refusal of the whole request that is about one field (an identifier already taken) under that field instead.
 * What was typed stays.
 */
export function useAccountSubmit<TInput extends FieldValues, TOutput, TResult>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<TInput, any, TOutput>,
  send: (values: TOutput) => Promise<TResult>,
  options: {
    onSuccess?: (result: TResult, values: TOutput) => void;
    fieldFor?: Partial<Record<string, Path<TInput>>>;
  } = {},
) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<unknown>(null);
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    let result: TResult;
    try {
      result = await send(values);
    } catch (error) {
      const field = error instanceof ApiError ? options.fieldFor?.[error.code] : undefined;
      if (field && error instanceof ApiError) {
        const message = translateCode(error.code, error.params, t) ?? error.message;
        form.setError(field, { type: 'server', message }, { shouldFocus: true });
        return;
      }
      const marked = await applyServerErrors(error, form.setError, t, Object.keys(form.getValues()));
      if (marked.length === 0) setRefusal(error);
      return;
    }
    options.onSuccess?.(result, values);
  });
  return { submit: (event?: React.BaseSyntheticEvent) => void submit(event), refusal, setRefusal };
}

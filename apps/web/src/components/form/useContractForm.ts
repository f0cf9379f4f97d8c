import { toNestErrors } from '@hookform/resolvers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldRefusalOf, renderErrorMessage } from '@tt/domain';
import { loadErrorTranslations, translateCode } from '../../lib/errors';

/**
 * A react-hook-form form checked by the domain's schema: the same zod schema the server's contract
 * parses, so the browser refuses exactly what the server would, with the same words in the user's
 * language (each issue goes through the domain's `fieldRefusalOf`, as on the server), before a request
 * is spent on it. `submit` receives what the schema makes of the fields.
 */
export function useContractForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> & {
    defaultValues: DefaultValues<z.input<Schema>>;
  },
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const { t } = useTranslation();
  const resolver = useMemo(() => contractResolver(schema, t), [schema, t]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
  });
}

function contractResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  t: TFunction,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    await loadErrorTranslations();
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root';
      if (errors[path]) continue;
      const refusal = fieldRefusalOf({ keyword: issue.code, message: issue.message, params: { ...issue } });
      errors[path] = {
        type: refusal.code,
        message:
          translateCode(refusal.code, refusal.params, t) ??
          // The translations could not load (offline): the catalogue's English stands in, as for the server's.
          renderErrorMessage(refusal.code, refusal.params),
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

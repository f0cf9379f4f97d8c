import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { loadErrorTranslations, translateCode } from './errors';

/**
 * The server's refusal of each field, translated: [request field name, text]. A field with a code is
 * translated from it; one without (an older server) keeps the server's English.
 */
export function serverFieldErrors(error: unknown, t: TFunction): [string, string][] {
  if (!(error instanceof ApiError)) return [];
  const codes = error.fieldCodes;
  const names = new Set([...Object.keys(error.fields), ...Object.keys(codes)]);
  return [...names].map((name) => {
    const refusal = codes[name];
    const translated = refusal ? translateCode(refusal.code, refusal.params, t) : undefined;
    return [name, translated ?? error.fields[name] ?? ''];
  });
}

/**
 * Puts each server field error, translated, under its react-hook-form field (DECISIONS 5, 6): the
 * first is focused, and what was typed stays. `fields` lists the form's field names, or maps a
 * request field name to the form's; a field the form does not have is left to the toast.
 * Resolves with the form fields marked.
 */
export async function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  fields: readonly string[] | Readonly<Record<string, Path<T>>>,
): Promise<Path<T>[]> {
  if (
    !(error instanceof ApiError) ||
    Object.keys(error.fields).length + Object.keys(error.fieldCodes).length === 0
  ) {
    return [];
  }
  await loadErrorTranslations();
  const formField = (name: string): Path<T> | undefined =>
    Array.isArray(fields)
      ? fields.includes(name)
        ? (name as Path<T>)
        : undefined
      : (fields as Readonly<Record<string, Path<T>>>)[name];
  const marked: Path<T>[] = [];
  for (const [name, text] of serverFieldErrors(error, t)) {
    const target = formField(name);
    if (!target || !text) continue;
    setError(target, { type: 'server', message: text }, { shouldFocus: marked.length === 0 });
    marked.push(target);
  }
  return marked;
}

/** A field's text when the server refused it (already translated), for fields that show a fixed hint otherwise. */
export function serverMessage(error: { type?: unknown; message?: string } | undefined): string | undefined {
  return error?.type === 'server' ? error.message : undefined;
}

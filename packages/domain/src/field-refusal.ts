import { ERRORS, isErrorCode, type AnyErrorParams, type FieldErrorCode } from './errors.ts';

/** One refused field: its `validation.*` code and params (the English text is rendered from them). */
export interface FieldRefusal {
  code: FieldErrorCode;
  params?: AnyErrorParams;
}

/**
 * One schema issue as the server's validator and the browser's form both see it: its kind (zod's
 * issue code), the schema's message and the issue's bounds. Server and web map it with the same
 * function, so a field is refused with the same words on both sides.
 */
export interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown>;
}

const TYPE_CODES = new Set(['validation.number', 'validation.whole_number', 'validation.invalid_type']);
const num = (value: unknown) => (typeof value === 'bigint' ? Number(value) : (value as number));

/**
 * The field code of one zod issue. A message that is itself a catalogued `validation.*` code (the
 * domain's schemas use them) wins; otherwise the issue's kind and bound pick the code.
 */
export function fieldRefusalOf(issue: ValidationIssue): FieldRefusal {
  const message = issue.message ?? '';
  const p = issue.params ?? {};
  // zod hands a schema-level message (z.number({ message: 'validation.number' })) to its bounds' issues
  // too, so a type code counts only for a type issue.
  // An id's union (a number or its digits) refuses the kind of value as a whole: a type issue too.
  const typeCode =
    TYPE_CODES.has(message) && issue.keyword !== 'invalid_type' && issue.keyword !== 'invalid_union';
  if (message.startsWith('validation.') && isErrorCode(message) && !typeCode) {
    const code = message as FieldErrorCode;
    const wanted = Object.keys(ERRORS[code].params);
    if (wanted.length === 0) return { code };
    // A bounded code used as a message: its bound comes from the issue (too_small's minimum, say).
    if (!wanted.every((k) => k in p)) return { code: 'validation.invalid' };
    return { code, params: Object.fromEntries(wanted.map((k) => [k, num(p[k])])) };
  }
  const origin = p.origin as string | undefined;
  const numeric = origin === 'number' || origin === 'int' || origin === 'bigint';
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(message)) return { code: 'validation.required' };
      if (p.expected === 'number') return { code: 'validation.number' };
      if (p.expected === 'int') return { code: 'validation.whole_number' };
      return { code: 'validation.invalid_type' };
    case 'too_small': {
      const minimum = num(p.minimum);
      if (origin === 'string') {
        return minimum <= 1
          ? { code: 'validation.required' }
          : { code: 'validation.too_short', params: { minimum } };
      }
      if (numeric) {
        return p.inclusive === false
          ? { code: 'validation.greater_than', params: { minimum } }
          : { code: 'validation.too_small', params: { minimum } };
      }
      if (origin === 'array' || origin === 'set') return { code: 'validation.too_few', params: { minimum } };
      return { code: 'validation.invalid' };
    }
    case 'too_big': {
      const maximum = num(p.maximum);
      if (origin === 'string') return { code: 'validation.too_long', params: { maximum } };
      if (numeric) {
        return p.inclusive === false
          ? { code: 'validation.less_than', params: { maximum } }
          : { code: 'validation.too_big', params: { maximum } };
      }
      if (origin === 'array' || origin === 'set') return { code: 'validation.too_many', params: { maximum } };
      return { code: 'validation.invalid' };
    }
    case 'invalid_format':
      if (p.format === 'email') return { code: 'validation.email' };
      if (p.format === 'url') return { code: 'validation.url' };
      if (p.format === 'datetime' || p.format === 'date') return { code: 'validation.date_time' };
      return { code: 'validation.invalid_format' };
    case 'invalid_value':
    case 'invalid_enum_value':
      return { code: 'validation.invalid_option' };
    case 'not_multiple_of':
      return num(p.divisor) === 0.01 ? { code: 'validation.decimals' } : { code: 'validation.invalid' };
    default:
      return { code: 'validation.invalid' };
  }
}

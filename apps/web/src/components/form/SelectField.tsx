import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { Select } from '../ui/Field';
import { FormField } from './FormField';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/**
 * A `FormField` whose control is a select of `options`; `placeholder` adds the empty first choice
 * ("Choose…"), which the schema then refuses or reads as not given.
 */
export function SelectField<T extends FieldValues>({
  options,
  placeholder,
  ...field
}: {
  // The form's output type varies by schema; only its field state and registration are used here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: string;
  id?: string;
  required?: boolean;
  hint?: string;
  registerOptions?: RegisterOptions<T, Path<T>>;
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <FormField {...field}>
      {(control) => (
        <Select {...control}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

import type { InputHTMLAttributes } from 'react';
import type {
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { Field, Input } from '../ui/Field';
import { fieldMessage } from './field-message';

/** What a control needs to be the field's: its id, its error wiring and react-hook-form's registration. */
export type ControlProps = UseFormRegisterReturn & {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
};

/**
 * A labelled form field bound to a `useContractForm` form: shows the client's or the server's
 * refusal under it, translated, and marks the control invalid. The control is an `Input` unless
 * `children` renders another (Select, Textarea, a custom picker) with the props given.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  id,
  required,
  hint,
  type,
  inputProps,
  registerOptions,
  children,
}: {
  // The form's output type varies by schema; only its field state and registration are used here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: string;
  /** Defaults to the field's name; give one when a screen shows the same form twice. */
  id?: string;
  required?: boolean;
  hint?: string;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'>;
  registerOptions?: RegisterOptions<T, Path<T>>;
  children?: (control: ControlProps) => React.ReactNode;
}) {
  const controlId = id ?? `field-${name.replaceAll('.', '-')}`;
  const { error } = form.getFieldState(name, form.formState);
  const message = fieldMessage(error);
  const control: ControlProps = {
    ...form.register(name, registerOptions),
    id: controlId,
    ...(message
      ? { 'aria-invalid': true as const, 'aria-describedby': `${controlId}-error` }
      : hint
        ? { 'aria-describedby': `${controlId}-hint` }
        : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  return (
    <Field label={label} htmlFor={controlId} required={required} hint={hint} error={message}>
      {children ? children(control) : <Input type={type ?? 'text'} {...inputProps} {...control} />}
    </Field>
  );
}

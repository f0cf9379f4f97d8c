import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Check, Eye } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@tt/domain';
import { fieldMessage } from '../../../components/form';
import { Field, Input } from '../../../components/ui/Field';
import { cn } from '../../../components/ui/cn';

/**
 * A password box with a button that shows what was typed (on a phone's small keys a typo is easy and invisible).
 * `autoComplete` tells password managers whether to fill a saved password or offer a new one; a new one shows the
 * length rule under the box, ticked once it is met, before anything is sent.
 */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label,
  autoComplete,
  id,
  testId,
  rule = autoComplete === 'new-password',
}: {
  // The form's output type varies by schema; only its field state and registration are used here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  id?: string;
  testId?: string;
  /** Whether the length rule shows under the box (a new password's; not its repetition's). */
  rule?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const [shown, setShown] = useState(false);
  const controlId = id ?? `field-${name}`;
  const { error } = form.getFieldState(name, form.formState);
  const message = fieldMessage(error);
  const typed = form.watch(name) as unknown;
  const long = typeof typed === 'string' && typed.length >= PASSWORD_MIN_LENGTH;
  const ruleId = `${controlId}-rule`;
  return (
    <Field label={label} htmlFor={controlId} required error={message}>
      <div className="relative">
        <Input
          id={controlId}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required
          className="pr-12"
          data-testid={testId}
          {...(message
            ? { 'aria-invalid': true, 'aria-describedby': `${controlId}-error` }
            : rule
              ? { 'aria-describedby': ruleId }
              : {})}
          {...form.register(name)}
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-pressed={shown}
          aria-controls={controlId}
          aria-label={t('password.show')}
          title={t('password.show')}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-stone-600 hover:text-stone-900"
        >
          <Eye aria-hidden className={cn('size-5', shown && 'text-brand-700')} />
        </button>
      </div>
      {rule && !message && (
        <p
          id={ruleId}
          className={cn(
            'mt-1 flex items-center gap-1 text-xs',
            long ? 'font-medium text-green-700' : 'text-stone-600',
          )}
        >
          {long && <Check aria-hidden className="size-3.5" />}
          {t('password.rule', { minimum: PASSWORD_MIN_LENGTH })}
        </p>
      )}
    </Field>
  );
}

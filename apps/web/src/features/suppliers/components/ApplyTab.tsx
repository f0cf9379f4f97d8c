import { useTranslation } from 'react-i18next';
import { CheckCircle2, Info } from 'lucide-react';
import {
  APPLICATION_CATEGORIES,
  APPLICATION_ROLES,
  CERTIFICATIONS,
  supplierApplicationInputSchema,
  type SupplierApplicationForm,
} from '@tt/domain';
import { FormField, fieldMessage, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Select } from '../../../components/ui/Field';
import { useApply } from '../api';

const blank: SupplierApplicationForm = {
  company_name: '',
  business_registration_number: '',
  tax_number: '',
  product_categories: [],
  years_in_business: 0,
  monthly_capacity: '',
  certifications: [],
  role_applied_for: 'supplier',
};

/** Spec 1 §5: years in business is a whole number; an empty value is 0. */
const years = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v));

/** Apply Now, or why not: already applied ("Application Already Submitted"), a demo account, or a seller. */
export function ApplyTab({
  state,
  onApplied,
}: {
  state: 'open' | 'submitted' | 'demo' | 'has_role';
  onApplied: () => void;
}) {
  const { t } = useTranslation('suppliers');
  if (state === 'submitted') {
    return (
      <Panel
        icon="done"
        title={t('apply.submitted_title')}
        text={t('apply.submitted_text')}
        testId="already-submitted"
      />
    );
  }
  if (state === 'demo')
    return <Panel title={t('apply.demo_title')} text={t('apply.demo_text')} testId="apply-demo" />;
  if (state === 'has_role') {
    return (
      <Panel title={t('apply.has_role_title')} text={t('apply.has_role_text')} testId="apply-has-role" />
    );
  }
  return <ApplyForm onApplied={onApplied} />;
}

function Panel({
  title,
  text,
  testId,
  icon,
}: {
  title: string;
  text: string;
  testId: string;
  icon?: 'done';
}) {
  const Icon = icon === 'done' ? CheckCircle2 : Info;
  return (
    <Card className="flex flex-col items-center px-6 py-10 text-center" data-testid={testId}>
      <Icon aria-hidden className={icon === 'done' ? 'size-10 text-green-600' : 'size-10 text-stone-400'} />
      <h2 className="mt-3 text-lg font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-stone-600">{text}</p>
    </Card>
  );
}

function ApplyForm({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation('suppliers');
  const apply = useApply();
  const form = useContractForm(supplierApplicationInputSchema, { defaultValues: blank });
  const submit = useFormSubmit(form, apply.mutateAsync, { keepValues: true, onSuccess: onApplied });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title={t('apply.title')} subtitle={t('apply.text')} />
      <form onSubmit={submit} noValidate className="space-y-5 p-4 sm:p-5" data-testid="apply-form">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="company_name"
            id="apply-company"
            label={t('fields.company_name')}
            required
            inputProps={{ autoComplete: 'organization' }}
          />
          <FormField form={form} name="role_applied_for" id="apply-role" label={t('fields.role_applied_for')}>
            {(control) => (
              <Select {...control}>
                {APPLICATION_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            form={form}
            name="business_registration_number"
            id="apply-registration"
            label={t('fields.business_registration_number')}
            inputProps={{ autoComplete: 'off' }}
          />
          <FormField
            form={form}
            name="tax_number"
            id="apply-tax"
            label={t('fields.tax_number')}
            inputProps={{ autoComplete: 'off' }}
          />
          <FormField
            form={form}
            name="years_in_business"
            id="apply-years"
            label={t('fields.years_in_business')}
            type="number"
            inputProps={{ inputMode: 'numeric', min: 0, step: 1 }}
            registerOptions={{ setValueAs: years }}
          />
          <FormField
            form={form}
            name="monthly_capacity"
            id="apply-capacity"
            label={t('fields.monthly_capacity')}
            hint={t('apply.capacity_hint')}
            inputProps={{ autoComplete: 'off' }}
          />
        </div>
        <Choices
          legend={t('fields.product_categories')}
          required
          error={fieldMessage(errors.product_categories as { message?: unknown } | undefined)}
          testId="category-choices"
        >
          {APPLICATION_CATEGORIES.map((category) => (
            <Choice key={category} label={t(`categories.${category}`)}>
              <input type="checkbox" value={category} {...form.register('product_categories')} />
            </Choice>
          ))}
        </Choices>
        <Choices legend={t('fields.certifications')} testId="certification-choices">
          {CERTIFICATIONS.map((certification) => (
            <Choice key={certification} label={t(`certifications.${certification}`)}>
              <input type="checkbox" value={certification} {...form.register('certifications')} />
            </Choice>
          ))}
        </Choices>
        <div className="flex justify-end">
          <Button
            type="submit"
            loading={apply.isPending}
            data-testid="submit-application"
            className="w-full sm:w-auto"
          >
            {t('apply.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Choices({
  legend,
  required,
  error,
  testId,
  children,
}: {
  legend: string;
  required?: boolean;
  error?: string | undefined;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset data-testid={testId}>
      <legend className="text-sm font-medium text-stone-800">
        {legend}
        {required && (
          <span aria-hidden className="text-red-600">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Choice({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      {children}
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

import { useTranslation } from 'react-i18next';
import { PROVINCES, registerCooperativeSchema } from '@tt/domain';
import {
  FormActions,
  FormField,
  SelectField,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Textarea } from '../../../components/ui/Textarea';
import { useRegisterCooperative } from '../api';

/** Start Registration (DECISIONS 13): a pending cooperative with its founder as the first member. */
export function RegistrationForm({
  onCancel,
  onRegistered,
}: {
  onCancel: () => void;
  onRegistered: (name: string) => void;
}) {
  const { t } = useTranslation('cooperatives');
  const register = useRegisterCooperative();
  const form = useContractForm(registerCooperativeSchema, {
    defaultValues: { name: '', description: '', area: '', province: '' },
  });
  // The toast says what went wrong; a field the server names is marked, and what was typed stays.
  const onSubmit = useFormSubmit(
    form,
    (input) => register.mutateAsync({ ...input, description: input.description ? input.description : null }),
    { onSuccess: ({ cooperative }) => onRegistered(cooperative.name) },
  );

  return (
    <Card className="lg:col-span-3">
      <CardHeader title={t('create.form_title')} subtitle={t('create.form_subtitle')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-4 sm:p-5" data-testid="registration-form">
        <FormField form={form} name="name" id="coop-name" label={t('create.fields.name')} required />
        <FormField
          form={form}
          name="description"
          id="coop-description"
          label={t('create.fields.description')}
        >
          {(control) => <Textarea {...control} />}
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="area"
            id="coop-area"
            label={t('create.fields.area')}
            required
            inputProps={{ placeholder: t('create.fields.area_placeholder') }}
          />
          <SelectField
            form={form}
            name="province"
            id="coop-province"
            label={t('create.fields.province')}
            required
            placeholder={t('create.fields.choose')}
            options={PROVINCES.map((p) => ({ value: p, label: p }))}
          />
        </div>
        <FormActions
          submitLabel={t('create.submit')}
          busy={register.isPending}
          onCancel={onCancel}
          testId="submit-registration"
        />
      </form>
    </Card>
  );
}

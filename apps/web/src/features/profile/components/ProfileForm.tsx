import { useTranslation } from 'react-i18next';
import {
  APPLICATION_ROLES,
  BUSINESS_TYPES,
  PROFILE_ROLES,
  PROVINCES,
  SELF_SERVICE_ROLES,
  profileUpdateSchema,
  type AppUser,
  type ProfileUpdate,
  type ProfileUpdateInput,
  type Role,
} from '@tt/domain';
import {
  FormActions,
  FormField,
  SelectField,
  toNumberOrNull,
  useContractForm,
  useFormSubmit,
} from '../../../components/form';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Field, Input, Select } from '../../../components/ui/Field';
import { useSaveProfile } from '../api';
import { signInName } from '../sign-in-name';

function formValues(user: AppUser): ProfileUpdateInput {
  return {
    name: user.name,
    role: user.role,
    phone: user.phone ?? '',
    company_name: user.company_name ?? '',
    gst_number: user.gst_number ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    pincode: user.pincode ?? '',
    whatsapp_number: user.whatsapp_number ?? '',
    business_type: user.business_type,
    years_in_business: user.years_in_business,
  };
}

/**
 * The profile's edit form on the form kit: the domain's `profileUpdateSchema` checks it in the user's
 * language, the server's field refusals land under their fields, and only the fields that changed are
 * sent (the server changes only what it is sent).
 */
export function ProfileForm({
  user,
  onCancel,
  onSaved,
}: {
  user: AppUser;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('profile');
  const save = useSaveProfile();
  const form = useContractForm(profileUpdateSchema, { defaultValues: formValues(user) });
  const signIn = signInName(user);
  // Read while rendering, so react-hook-form keeps it up to date.
  const { dirtyFields } = form.formState;
  const submit = useFormSubmit(
    form,
    async (values: ProfileUpdate) => {
      const update = Object.fromEntries(
        Object.entries(values).filter(([field]) => dirtyFields[field as keyof ProfileUpdateInput]),
      ) as Partial<ProfileUpdate>;
      if (Object.keys(update).length > 0) await save.mutateAsync(update);
    },
    { keepValues: true, onSuccess: onSaved },
  );

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader title={t('sections.personal')} />
          <div className="space-y-4 p-4 sm:p-5">
            <FormField
              form={form}
              name="name"
              id="name"
              label={t('fields.name')}
              required
              inputProps={{ autoComplete: 'name' }}
            />
            {signIn !== null && (
              <Field
                label={user.email !== null ? t('fields.email') : t('fields.mobile')}
                htmlFor="sign-in-name"
                hint={user.email !== null ? t('fields.email_hint') : t('fields.mobile_hint')}
              >
                <Input id="sign-in-name" value={signIn} readOnly disabled />
              </Field>
            )}
            <RoleField form={form} user={user} />
            <FormField
              form={form}
              name="phone"
              id="phone"
              type="tel"
              label={t('fields.phone')}
              inputProps={{ autoComplete: 'tel', inputMode: 'tel' }}
            />
            <FormField
              form={form}
              name="whatsapp_number"
              id="whatsapp_number"
              type="tel"
              label={t('fields.whatsapp_number')}
              inputProps={{ inputMode: 'tel' }}
            />
          </div>
        </Card>
        <Card>
          <CardHeader title={t('sections.business')} />
          <div className="space-y-4 p-4 sm:p-5">
            <FormField
              form={form}
              name="company_name"
              id="company_name"
              label={t('fields.company_name')}
              inputProps={{ autoComplete: 'organization' }}
            />
            <SelectField
              form={form}
              name="business_type"
              id="business_type"
              label={t('fields.business_type')}
              registerOptions={{ setValueAs: (v: string | null) => (v ? v : null) }}
              placeholder={t('fields.choose')}
              options={BUSINESS_TYPES.map((b) => ({ value: b, label: t(`business_types.${b}`) }))}
            />
            <FormField form={form} name="gst_number" id="gst_number" label={t('fields.gst_number')} />
            <FormField
              form={form}
              name="years_in_business"
              id="years_in_business"
              type="number"
              label={t('fields.years_in_business')}
              inputProps={{ inputMode: 'numeric', min: 0, max: 50, step: 1 }}
              registerOptions={{ setValueAs: toNumberOrNull }}
            />
          </div>
        </Card>
        <Card>
          <CardHeader title={t('sections.location')} />
          <div className="space-y-4 p-4 sm:p-5">
            <FormField
              form={form}
              name="address"
              id="address"
              label={t('fields.address')}
              inputProps={{ autoComplete: 'street-address' }}
            />
            <FormField
              form={form}
              name="city"
              id="city"
              label={t('fields.city')}
              inputProps={{ autoComplete: 'address-level2' }}
            />
            <SelectField
              form={form}
              name="state"
              id="state"
              label={t('fields.state')}
              placeholder={t('fields.choose')}
              options={PROVINCES.map((p) => ({ value: p, label: p }))}
            />
            <FormField
              form={form}
              name="pincode"
              id="pincode"
              label={t('fields.pincode')}
              inputProps={{ inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 }}
            />
          </div>
        </Card>
      </div>
      <div className="sticky bottom-16 z-10 mt-4 rounded-xl border border-stone-200 bg-white/95 p-3 shadow-sm backdrop-blur lg:bottom-4">
        <FormActions
          submitLabel={t('save')}
          cancelLabel={t('cancel')}
          busy={save.isPending}
          onCancel={onCancel}
          testId="save-profile"
          row
        />
      </div>
    </form>
  );
}

/**
 * DECISIONS 8: the select shows the spec's seven roles; only the buyer roles (and one's own) are picked
 * here, the others say how they are obtained. A shared demo account keeps its role (the server refuses
 * a change): shown, not chosen.
 */
function RoleField({
  form,
  user,
}: {
  form: ReturnType<typeof useContractForm<typeof profileUpdateSchema>>;
  user: AppUser;
}) {
  const { t } = useTranslation('profile');
  const roles: readonly Role[] = (PROFILE_ROLES as readonly Role[]).includes(user.role)
    ? PROFILE_ROLES
    : [user.role, ...PROFILE_ROLES];
  const choosable = (r: Role) => r === user.role || (SELF_SERVICE_ROLES as readonly Role[]).includes(r);
  const roleOption = (r: Role) =>
    choosable(r)
      ? t(`common:roles.${r}`)
      : (APPLICATION_ROLES as readonly Role[]).includes(r)
        ? t('fields.role_by_application', { role: t(`common:roles.${r}`) })
        : t('fields.role_admin_granted', { role: t(`common:roles.${r}`) });
  const hint = user.is_demo ? t('account:demo_role_locked') : t('fields.role_hint');
  if (user.is_demo) {
    return (
      <Field label={t('fields.role')} htmlFor="role" required hint={hint}>
        <Select id="role" value={user.role} disabled>
          <option value={user.role}>{t(`common:roles.${user.role}`)}</option>
        </Select>
      </Field>
    );
  }
  return (
    <SelectField
      form={form}
      name="role"
      id="role"
      label={t('fields.role')}
      required
      hint={hint}
      options={roles.map((r) => ({ value: r, label: roleOption(r), disabled: !choosable(r) }))}
    />
  );
}

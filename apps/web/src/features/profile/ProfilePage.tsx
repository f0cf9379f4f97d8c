import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, CheckCircle2, Pencil } from 'lucide-react';
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
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Field, Input, Select } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { RoleBadge } from '../../components/ui/RoleBadge';
import { useMe } from '../auth/api';
import { AccountDataCard } from './AccountDataCard';
import { useSaveProfile } from './api';

const SAVED_BANNER_MS = 3000;

type FormValues = ProfileUpdateInput;

function formValues(user: AppUser): FormValues {
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

export default function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const { data: user } = useMe();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  if (!user) return null;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          !editing && (
            <Button onClick={() => setEditing(true)} data-testid="edit-profile">
              <Pencil aria-hidden className="size-4" />
              {t('edit')}
            </Button>
          )
        }
      />
      {saved && (
        <div
          role="status"
          data-testid="profile-saved"
          className="mb-4 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
        >
          <CheckCircle2 aria-hidden className="size-5" />
          {t('saved')}
        </div>
      )}

      <Card className="mb-4 flex flex-wrap items-center gap-4 p-4 sm:p-5">
        <span className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
          {user.name
            .split(' ')
            .map((p) => p[0])
            .slice(0, 2)
            .join('')}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold">{user.name}</p>
          <p className="truncate text-sm text-stone-500">{user.company_name ?? user.email}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-stone-500">
            <RoleBadge role={user.role} />
            {user.is_verified ? (
              <span className="inline-flex items-center gap-1 text-green-700">
                <BadgeCheck aria-hidden className="size-4" />
                {t('verified')}
              </span>
            ) : (
              <span>{t('unverified')}</span>
            )}
            <span>{t('member_since', { date: formatDate(user.created_at, i18n.language) })}</span>
          </p>
        </div>
        <div className="w-full border-t border-stone-100 pt-3 text-sm sm:w-auto sm:border-0 sm:pt-0">
          <p className="text-stone-500">{t('referral_code')}</p>
          <p className="font-mono font-semibold">{user.referral_code}</p>
        </div>
      </Card>

      {editing ? (
        <ProfileForm
          user={user}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <ProfileView user={user} />
      )}
      <AccountDataCard user={user} />
    </>
  );
}

function ProfileView({ user }: { user: AppUser }) {
  const { t } = useTranslation('profile');
  const value = (v: string | number | null) =>
    v === null || v === '' ? <span className="text-stone-500">{t('not_set')}</span> : v;
  const sections: { title: string; rows: [string, React.ReactNode][] }[] = [
    {
      title: t('sections.personal'),
      rows: [
        [t('fields.name'), user.name],
        [t('fields.email'), user.email],
        [t('fields.role'), t(`common:roles.${user.role}`)],
        [t('fields.phone'), value(user.phone)],
        [t('fields.whatsapp_number'), value(user.whatsapp_number)],
      ],
    },
    {
      title: t('sections.business'),
      rows: [
        [t('fields.company_name'), value(user.company_name)],
        [
          t('fields.business_type'),
          user.business_type ? t(`business_types.${user.business_type}`) : value(null),
        ],
        [t('fields.gst_number'), value(user.gst_number)],
        [t('fields.years_in_business'), value(user.years_in_business)],
      ],
    },
    {
      title: t('sections.location'),
      rows: [
        [t('fields.address'), value(user.address)],
        [t('fields.city'), value(user.city)],
        [t('fields.state'), value(user.state)],
        [t('fields.pincode'), value(user.pincode)],
      ],
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3" data-testid="profile-view">
      {sections.map((s) => (
        <Card key={s.title}>
          <CardHeader title={s.title} />
          <dl className="divide-y divide-stone-100">
            {s.rows.map(([label, v]) => (
              <div key={label} className="px-4 py-2.5 sm:px-5">
                <dt className="text-xs text-stone-500">{label}</dt>
                <dd className="text-sm font-medium break-words text-stone-900">{v}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </div>
  );
}

function ProfileForm({
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<FormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: formValues(user),
  });

  const message = (m: string | undefined) =>
    m ? (m.startsWith('validation.') ? t(`common:${m}`) : m) : undefined;
  // DECISIONS 8: the select shows the spec's seven roles; only the buyer roles (and one's own) are picked
  // here, the others say how they are obtained.
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

  // Only what changed is sent: the server changes only the fields it is sent.
  const onSubmit = handleSubmit((values) => {
    const update = Object.fromEntries(
      Object.entries(values).filter(([field]) => dirtyFields[field as keyof FormValues]),
    ) as Partial<ProfileUpdate>;
    if (Object.keys(update).length === 0) return onSaved();
    save.mutate(update, {
      onSuccess: onSaved,
      // The toast says what went wrong; a field the server names is marked too, and the form keeps what was typed.
      onError: (error) => void applyServerErrors(error, setError, t, Object.keys(profileUpdateSchema.shape)),
    });
  });

  const text = (name: keyof FormValues, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Input id={name} aria-invalid={errors[name] ? true : undefined} {...register(name)} {...props} />
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="profile-form">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader title={t('sections.personal')} />
          <div className="space-y-4 p-4 sm:p-5">
            <Field label={t('fields.name')} htmlFor="name" required error={message(errors.name?.message)}>
              {text('name', { autoComplete: 'name', required: true })}
            </Field>
            <Field label={t('fields.email')} htmlFor="email" hint={t('fields.email_hint')}>
              <Input id="email" value={user.email} readOnly disabled />
            </Field>
            <Field
              label={t('fields.role')}
              htmlFor="role"
              required
              error={message(errors.role?.message)}
              hint={user.is_demo ? t('account:demo_role_locked') : t('fields.role_hint')}
            >
              {user.is_demo ? (
                // Shared demo accounts keep their role (the server refuses a change): shown, not chosen.
                <Select id="role" value={user.role} disabled>
                  <option value={user.role}>{t(`common:roles.${user.role}`)}</option>
                </Select>
              ) : (
                <Select id="role" {...register('role')}>
                  {roles.map((r) => (
                    <option key={r} value={r} disabled={!choosable(r)}>
                      {roleOption(r)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('fields.phone')} htmlFor="phone" error={message(errors.phone?.message)}>
              {text('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
            </Field>
            <Field
              label={t('fields.whatsapp_number')}
              htmlFor="whatsapp_number"
              error={message(errors.whatsapp_number?.message)}
            >
              {text('whatsapp_number', { type: 'tel', inputMode: 'tel' })}
            </Field>
          </div>
        </Card>
        <Card>
          <CardHeader title={t('sections.business')} />
          <div className="space-y-4 p-4 sm:p-5">
            <Field
              label={t('fields.company_name')}
              htmlFor="company_name"
              error={message(errors.company_name?.message)}
            >
              {text('company_name', { autoComplete: 'organization' })}
            </Field>
            <Field
              label={t('fields.business_type')}
              htmlFor="business_type"
              error={message(errors.business_type?.message)}
            >
              <Select
                id="business_type"
                {...register('business_type', { setValueAs: (v: string | null) => (v ? v : null) })}
              >
                <option value="">{t('fields.choose')}</option>
                {BUSINESS_TYPES.map((b) => (
                  <option key={b} value={b}>
                    {t(`business_types.${b}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={t('fields.gst_number')}
              htmlFor="gst_number"
              error={message(errors.gst_number?.message)}
            >
              {text('gst_number')}
            </Field>
            <Field
              label={t('fields.years_in_business')}
              htmlFor="years_in_business"
              error={message(errors.years_in_business?.message)}
            >
              <Input
                id="years_in_business"
                type="number"
                inputMode="numeric"
                min={0}
                max={50}
                step={1}
                aria-invalid={errors.years_in_business ? true : undefined}
                {...register('years_in_business', {
                  setValueAs: (v: string | number | null) => (v === '' || v === null ? null : Number(v)),
                })}
              />
            </Field>
          </div>
        </Card>
        <Card>
          <CardHeader title={t('sections.location')} />
          <div className="space-y-4 p-4 sm:p-5">
            <Field label={t('fields.address')} htmlFor="address" error={message(errors.address?.message)}>
              {text('address', { autoComplete: 'street-address' })}
            </Field>
            <Field label={t('fields.city')} htmlFor="city" error={message(errors.city?.message)}>
              {text('city', { autoComplete: 'address-level2' })}
            </Field>
            <Field label={t('fields.state')} htmlFor="state" error={message(errors.state?.message)}>
              <Select id="state" {...register('state')}>
                <option value="">{t('fields.choose')}</option>
                {PROVINCES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('fields.pincode')} htmlFor="pincode" error={message(errors.pincode?.message)}>
              {text('pincode', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 4 })}
            </Field>
          </div>
        </Card>
      </div>
      <div className="sticky bottom-16 z-10 mt-4 flex justify-end gap-2 rounded-xl border border-stone-200 bg-white/95 p-3 shadow-sm backdrop-blur lg:bottom-4">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="save-profile">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import type { AppUser } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { signInName } from '../sign-in-name';

/** The profile read-only, in the form's three sections; what is not filled in says so. */
export function ProfileView({ user }: { user: AppUser }) {
  const { t } = useTranslation('profile');
  const signIn = signInName(user);
  const value = (v: string | number | null) =>
    v === null || v === '' ? <span className="text-stone-500">{t('not_set')}</span> : v;
  const sections: { title: string; rows: [string, React.ReactNode][] }[] = [
    {
      title: t('sections.personal'),
      rows: [
        [t('fields.name'), user.name],
        ...(signIn === null
          ? []
          : [[user.email !== null ? t('fields.email') : t('fields.mobile'), signIn] as [string, string]]),
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

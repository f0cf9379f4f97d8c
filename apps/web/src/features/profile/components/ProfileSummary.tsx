import { useTranslation } from 'react-i18next';
import { BadgeCheck } from 'lucide-react';
import type { AppUser } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { RoleBadge } from '../../../components/ui/RoleBadge';
import { formatDate } from '../../../lib/format';
import { signInName } from '../sign-in-name';

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .slice(0, 2)
    .join('');

/** Who this is at a glance: initials, name, company, role, verification, member since, referral code. */
export function ProfileSummary({ user }: { user: AppUser }) {
  const { t, i18n } = useTranslation('profile');
  return (
    <Card className="mb-4 flex flex-wrap items-center gap-4 p-4 sm:p-5">
      <span className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
        {initials(user.name)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold">{user.name}</p>
        <p className="truncate text-sm text-stone-500">{user.company_name ?? signInName(user)}</p>
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
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role, type SecurityEvent } from '@tt/domain';

const isRole = (value: string | undefined): value is Role => ROLES.includes(value as Role);

/** An event's detail in the reader's words: how they signed in, the key's name, the roles, why it failed. */
export function EventDetail({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation('security');
  const text = detailText(event, t);
  if (!text) return null;
  return <p className="w-full text-xs break-words text-stone-700">{text}</p>;
}

function detailText(event: SecurityEvent, t: TFunction<'security'>): string | null {
  const details = event.details;
  if (!details) return null;
  switch (event.type) {
    case 'login':
      return details === 'oidc' ? t('detail.oidc') : t('detail.demo');
    case 'failed_login':
      return details === 'auth.sign_in_rejected' ? t('detail.rejected') : t('detail.expired');
    case 'api_key_created':
    case 'api_key_revoked':
      return t('detail.key', { name: details });
    case 'role_change': {
      const [from, to] = details.split('>');
      if (!isRole(from) || !isRole(to)) return null;
      // The role's own name (a retailer becoming a trader is the change), not the menu's shared label.
      return t('detail.role', { from: t(`common:roles.${from}`), to: t(`common:roles.${to}`) });
    }
    case 'session_revoked':
      return details.startsWith('others:')
        ? t('detail.others', { count: Number(details.slice('others:'.length)) })
        : details;
    default:
      return null;
  }
}

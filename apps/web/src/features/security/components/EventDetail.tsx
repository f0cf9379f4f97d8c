import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role, type SecurityEvent } from '@tt/domain';

const isRole = (value: string | undefined): value is Role => ROLES.includes(value as Role);

/**
 * An event's detail in the reader's words: how they signed in, the key's or passkey's name, the roles, why it failed,
 * why an account was suspended. A detail this screen does not know says nothing rather than something wrong.
 */
export function EventDetail({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation('security');
  const text = detailText(event, t);
  if (!text) return null;
  return <p className="w-full text-xs break-words text-stone-700">{text}</p>;
}

// The role's own name (a retailer becoming a trader is the change), not the menu's shared label.
const roleName = (role: Role, t: TFunction<'security'>) => t(`common:roles.${role}`);

/** Who made a password link: an administrator on People, the account holder (a reset), or the users command. */
const LINK_ISSUER: Record<string, 'detail.link_admin' | 'detail.link_self' | 'detail.link_command'> = {
  admin: 'detail.link_admin',
  self: 'detail.link_self',
  command: 'detail.link_command',
};

/** A failed sign-in's detail is the refusal's error code. */
function failedSignInText(code: string, t: TFunction<'security'>): string | null {
  switch (code) {
    case 'auth.sign_in_rejected':
      return t('detail.rejected');
    case 'auth.sign_in_expired':
      return t('detail.expired');
    case 'auth.invalid_credentials':
      return t('detail.wrong_password');
    case 'auth.password_locked':
      return t('detail.password_locked');
    case 'auth.account_suspended':
      return t('detail.suspended');
    case 'auth.passkey_unknown':
      return t('detail.passkey_unknown');
    case 'auth.passkey_rejected':
      return t('detail.passkey_rejected');
    default:
      return null;
  }
}

function detailText(event: SecurityEvent, t: TFunction<'security'>): string | null {
  const details = event.details;
  if (!details) return null;
  switch (event.type) {
    case 'login':
      if (details === 'oidc') return t('detail.oidc');
      if (details === 'demo') return t('detail.demo');
      if (details === 'passkey') return t('detail.passkey');
      return details === 'password' ? t('detail.password') : null;
    case 'failed_login':
      return failedSignInText(details, t);
    case 'api_key_created':
    case 'api_key_revoked':
      return t('detail.key', { name: details });
    case 'passkey_added':
    case 'passkey_removed':
      return t('detail.passkey_name', { name: details });
    case 'role_change': {
      // "from>to", and ": reason" after it when an administrator made the change.
      const [roles = '', ...reason] = details.split(': ');
      const [from, to] = roles.split('>');
      if (!isRole(from) || !isRole(to)) return null;
      const change = t('detail.role', { from: roleName(from, t), to: roleName(to, t) });
      return reason.length > 0 ? `${change}: ${reason.join(': ')}` : change;
    }
    case 'session_revoked':
      return details.startsWith('others:')
        ? t('detail.others', { count: Number(details.slice('others:'.length)) })
        : details;
    case 'account_suspended':
    case 'account_reactivated':
      // The administrator's own words, as they gave them.
      return t('detail.reason', { reason: details });
    case 'invitation_created':
    case 'invitation_revoked':
      return isRole(details) ? t('detail.invitation_role', { role: roleName(details, t) }) : null;
    case 'password_link_issued':
      return LINK_ISSUER[details] ? t(LINK_ISSUER[details]) : null;
    case 'signup': {
      if (details === 'password') return t('detail.password');
      if (details === 'admin') return t('detail.signup_admin');
      const role = details.startsWith('invitation:') ? details.slice('invitation:'.length) : undefined;
      return isRole(role) ? t('detail.signup_invitation', { role: roleName(role, t) }) : null;
    }
    case 'password_set':
      if (details === 'reset') return t('detail.from_link');
      return details === 'setup' ? t('detail.setup_link') : null;
    default:
      return null;
  }
}

import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent, SecurityEventType } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enSecurity from '../../../locales/en/security.json';
import { EventDetail } from './EventDetail';

beforeAll(() => {
  i18n.addResourceBundle('en', 'security', enSecurity);
});

const detailOf = (type: SecurityEventType, details: string | null) => {
  const event: SecurityEvent = {
    id: 1,
    type,
    status: 'success',
    user_id: 7,
    user_name: null,
    ip: null,
    device: 'Chrome on Android',
    details,
    created_at: '2026-12-01T08:00:00.000Z',
  };
  const { container, unmount } = render(<EventDetail event={event} />);
  const text = container.textContent;
  unmount();
  return text;
};

describe('a security event’s detail', () => {
  it('says the accounts’ events in words: the reason, the role, who made a link, how the account opened, the passkey, why a sign-in failed', () => {
    expect(detailOf('account_suspended', 'Sold expired stock')).toBe('Reason: Sold expired stock');
    expect(detailOf('account_reactivated', 'Cleared by the co-op')).toBe('Reason: Cleared by the co-op');
    expect(detailOf('invitation_created', 'sales_rep')).toBe('Role: Sales Rep');
    expect(detailOf('invitation_revoked', 'field_manager')).toBe('Role: Field Manager');
    expect(detailOf('password_link_issued', 'admin')).toBe(enSecurity.detail.link_admin);
    expect(detailOf('password_link_issued', 'self')).toBe(enSecurity.detail.link_self);
    expect(detailOf('signup', 'password')).toBe(enSecurity.detail.password);
    expect(detailOf('signup', 'invitation:coordinator')).toBe('By invitation, as Coordinator');
    expect(detailOf('password_set', 'reset')).toBe(enSecurity.detail.from_link);
    expect(detailOf('password_set', 'setup')).toBe(enSecurity.detail.setup_link);
    expect(detailOf('password_link_issued', 'command')).toBe(enSecurity.detail.link_command);
    expect(detailOf('signup', 'admin')).toBe(enSecurity.detail.signup_admin);
    expect(detailOf('login', 'password')).toBe(enSecurity.detail.password);
    expect(detailOf('failed_login', 'auth.invalid_credentials')).toBe(enSecurity.detail.wrong_password);
    expect(detailOf('failed_login', 'auth.password_locked')).toBe(enSecurity.detail.password_locked);
    expect(detailOf('failed_login', 'auth.account_suspended')).toBe(enSecurity.detail.suspended);
    expect(detailOf('role_change', 'retailer>admin')).toBe('Retailer to Admin');
    expect(detailOf('login', 'passkey')).toBe(enSecurity.detail.passkey);
    expect(detailOf('passkey_added', 'Chrome on Android')).toBe('Passkey "Chrome on Android"');
    expect(detailOf('passkey_removed', 'My phone')).toBe('Passkey "My phone"');
    expect(detailOf('failed_login', 'auth.passkey_unknown')).toBe(enSecurity.detail.passkey_unknown);
    expect(detailOf('failed_login', 'auth.passkey_rejected')).toBe(enSecurity.detail.passkey_rejected);
    expect(detailOf('role_change', 'retailer>coordinator: Runs the co-op: Soweto')).toBe(
      'Retailer to Coordinator: Runs the co-op: Soweto',
    );
  });

  it('says nothing rather than something wrong for a detail it does not know', () => {
    expect(detailOf('signup', 'invitation:nobody')).toBe('');
    expect(detailOf('invitation_created', 'owner')).toBe('');
    expect(detailOf('password_link_issued', 'job')).toBe('');
    expect(detailOf('failed_login', 'auth.something_new')).toBe('');
    expect(detailOf('login', 'fingerprint')).toBe('');
    expect(detailOf('login', 'demo')).toBe(enSecurity.detail.demo);
    expect(detailOf('failed_login', 'auth.sign_in_expired')).toBe(enSecurity.detail.expired);
  });
});

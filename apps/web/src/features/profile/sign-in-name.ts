import { formatE164, type AppUser } from '@tt/domain';

/** What the account signs in with, as its owner reads it: the email address, else the mobile number, else nothing. */
export function signInName(user: Pick<AppUser, 'email' | 'mobile'>): string | null {
  return user.email ?? (user.mobile !== null ? formatE164(user.mobile) : null);
}

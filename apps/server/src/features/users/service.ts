import { canChooseRole, type ProfileUpdate } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { saveProfile, type UserRow } from '../auth/service.ts';

export async function updateProfile(db: Db, user: UserRow, update: ProfileUpdate): Promise<UserRow> {
  if (!canChooseRole(user.role, update.role)) {
    throw fail('profile.role_not_allowed', { role: update.role });
  }
  return saveProfile(db, user.id, update);
}

import { canChooseRole, type ProfilePatch } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { fail, field } from '../../platform/errors.ts';
import { saveProfile, type SecurityClient, type UserRow } from '../auth/service.ts';

/**
 * PUT /api/users/profile: changes only the fields sent (a save used to null every field it left out).
 * A demo account keeps its role: the demo admin once made itself a retailer for every visitor.
 */
export async function updateProfile(
  db: Db,
  user: UserRow,
  update: ProfilePatch,
  client: SecurityClient,
): Promise<UserRow> {
  if (update.role !== undefined && update.role !== user.role) {
    if (user.is_demo) {
      // Shared demo accounts (DECISIONS 9) refuse what would break them for every visitor.
      throw fail('demo_account', {}, { fields: { role: field('validation.demo_role') } });
    }
    if (!canChooseRole(user.role, update.role)) {
      throw fail('profile.role_not_allowed', { role: update.role });
    }
  }
  return saveProfile(db, user, update, client);
}

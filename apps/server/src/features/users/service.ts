import { eq } from 'drizzle-orm';
import { canChooseRole, type ProfileUpdate } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { users } from '../auth/tables.ts';
import type { UserRow } from '../auth/service.ts';

export async function updateProfile(db: Db, user: UserRow, update: ProfileUpdate): Promise<UserRow> {
  if (!canChooseRole(user.role, update.role)) {
    throw fail('profile.role_not_allowed', { role: update.role });
  }
  const [updated] = await db
    .update(users)
    .set({ ...update, updated_at: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

export async function countUsers(db: Db): Promise<number> {
  return db.$count(users);
}

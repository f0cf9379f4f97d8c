import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { deviceFromUserAgent, PASSKEY_MAX, type Passkey } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { fail } from '../../platform/errors.ts';
import { recordSecurityEvent, type SecurityClient } from './events.ts';
import { passkeys, users, webauthnChallenges } from './tables.ts';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): an account adds one from its profile and then signs in
 * with it alone, without its password, and so also while the password is locked. Discoverable credentials, so the
 * sign-in asks for no identifier. The challenge travels in a signed cookie of the routes' and is kept here until it is used, once.
 */

type UserRow = typeof users.$inferSelect;

export type Ceremony = 'register' | 'login';
const CHALLENGE_MINUTES = 5;

/** Keeps a ceremony's challenge for its answer (the expired ones go as it is written). */
export async function keepChallenge(db: Db, challenge: string, purpose: Ceremony, userId: number | null) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expires_at, new Date()));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    user_id: userId,
    expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
}

/** Uses a kept challenge up: true only once, for its purpose and account, before it expires. */
export async function useChallenge(db: Db, challenge: string, purpose: Ceremony, userId: number | null) {
  const used = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.user_id) : eq(webauthnChallenges.user_id, userId),
        gt(webauthnChallenges.expires_at, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return used.length === 1;
}

/** Who the passkeys are for: the deployment's address, as people open it. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { name, id: url.hostname, origin: url.origin };
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  backed_up: row.backed_up,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

export async function passkeysOf(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.user_id, userId))
    .orderBy(asc(passkeys.created_at), asc(passkeys.id))
    .limit(PASSKEY_MAX);
  return rows.map(toPasskey);
}

/** The options for adding a passkey: the account's existing ones are excluded, so one device is not added twice. */
export async function registrationOptions(db: Db, user: UserRow, rp: RelyingParty) {
  if (user.is_demo) throw fail('demo_account');
  const existing = await db
    .select({ id: passkeys.credential_id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.user_id, user.id));
  if (existing.length >= PASSKEY_MAX) throw fail('auth.passkey_limit', { limit: PASSKEY_MAX });
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email ?? user.mobile ?? `account-${user.id}`,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(String(user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

export async function addPasskey(
  db: Db,
  user: UserRow,
  response: Record<string, unknown>,
  challenge: string,
  rp: RelyingParty,
  name: string | undefined,
  client: SecurityClient,
  userAgent: string | undefined,
): Promise<Passkey> {
  if (user.is_demo) throw fail('demo_account');
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw fail('auth.passkey_rejected');
  }
  if (!verified.verified) throw fail('auth.passkey_rejected');
  const { credential, credentialBackedUp } = verified.registrationInfo;
  try {
    return await db.transaction(async (tx) => {
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.user_id, user.id));
      if ((held?.n ?? 0) >= PASSKEY_MAX) throw fail('auth.passkey_limit', { limit: PASSKEY_MAX });
      const [row] = await tx
        .insert(passkeys)
        .values({
          user_id: user.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          // Named after the device it was made on, unless its owner named it.
          name: name ?? deviceFromUserAgent(userAgent),
          backed_up: credentialBackedUp,
        })
        .returning();
      await recordSecurityEvent(tx, { userId: user.id, type: 'passkey_added', client, details: row!.name });
      return toPasskey(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('auth.passkey_exists');
    throw error;
  }
}

export async function removePasskey(
  db: Db,
  user: UserRow,
  id: number,
  client: SecurityClient,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.user_id, user.id)))
      .returning({ name: passkeys.name });
    if (!gone) throw fail('auth.passkey_not_found');
    await recordSecurityEvent(tx, { userId: user.id, type: 'passkey_removed', client, details: gone.name });
  });
}

export function loginOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
}

/**
 * The account a passkey signs in to: the credential is looked up by its id, its signature checked against the kept
 * public key and challenge, and its counter moved on. A closed or suspended account is refused.
 */
export async function checkPasskey(
  db: Db,
  response: Record<string, unknown>,
  challenge: string,
  rp: RelyingParty,
  client: SecurityClient,
): Promise<UserRow> {
  const credentialId = typeof response.id === 'string' ? response.id : null;
  const [found] = credentialId
    ? await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.user_id))
        .where(eq(passkeys.credential_id, credentialId))
    : [];
  if (!found || found.user.closed_at) {
    await recordSecurityEvent(db, {
      userId: null,
      type: 'failed_login',
      status: 'failed',
      client,
      details: 'auth.passkey_unknown',
    });
    throw fail('auth.passkey_unknown');
  }
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: found.passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(found.passkey.public_key, 'base64url')),
        counter: found.passkey.counter,
        transports: found.passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
  } catch {
    verified = { verified: false as const };
  }
  if (!verified.verified) {
    await recordSecurityEvent(db, {
      userId: found.user.id,
      type: 'failed_login',
      status: 'failed',
      client,
      details: 'auth.passkey_rejected',
    });
    throw fail('auth.passkey_rejected');
  }
  if (found.user.suspended_at) {
    await recordSecurityEvent(db, {
      userId: found.user.id,
      type: 'failed_login',
      status: 'blocked',
      client,
      details: 'auth.account_suspended',
    });
    throw fail('auth.account_suspended');
  }
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: new Date() })
    .where(eq(passkeys.id, found.passkey.id));
  return found.user;
}

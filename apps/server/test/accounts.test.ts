import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SIGN_IN_LOCK_FAILURES, TERMS_VERSION } from '@tt/domain';
import { apiKeys, invitations, orders, passwordTokens, securityEvents, users } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/features/auth/service.ts';
import { hashApiKey, newApiKey } from '../src/features/developer/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';

let serial = 0;
/** A mobile number no other test uses: 083 <6 digits>. */
const freshMobile = () => `083 ${String(1_000_000 + (process.pid % 1000) * 1000 + (serial += 1)).slice(-7)}`;
const e164 = (mobile: string) => `+27${mobile.replace(/\D/g, '').slice(1)}`;
const PASSWORD = 'Vilakazi-Street-1432';

const signupBody = (identifier: string, extra: Record<string, unknown> = {}) => ({
  identifier,
  password: PASSWORD,
  name: 'Ayanda Ndlovu',
  company_name: "Ayanda's Spaza",
  business_type: 'spaza_shop',
  state: 'Gauteng',
  accept_terms: true,
  ...extra,
});

const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
};

describe('own accounts: sign-up, sign-in and password links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signup = (body: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: body,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const login = (identifier: string, password: string, remoteAddress = '192.0.2.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier, password },
      remoteAddress,
    });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

  /** A real administrator of the test's own (not the shared demo one). */
  async function realAdmin(): Promise<{ id: number; cookie: string }> {
    const response = await signup(signupBody(freshMobile()));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: number }>().id;
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    return { id, cookie: cookieOf(response)! };
  }

  it('signs up with a mobile number, keeps it in E.164 with the terms accepted, and signs in', async () => {
    const mobile = freshMobile();
    const response = await signup(signupBody(mobile));
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      role: 'retailer',
      mobile: e164(mobile),
      email: null,
      company_name: "Ayanda's Spaza",
      state: 'Gauteng',
      is_demo: false,
    });
    const cookie = cookieOf(response)!;
    expect((await me(cookie)).json()).toMatchObject({ id: user.id });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.terms_version).toBe(TERMS_VERSION);
    expect(row!.terms_accepted_at).toBeInstanceOf(Date);
    expect(row!.demo_world).toBe(false);
    // The password is kept only as a memory-hard hash.
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);

    // The same number written another way is the same account.
    const international = `+27 ${mobile.slice(1)}`;
    const signedIn = await login(international, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: user.id });
  });

  it('signs up with an email address in any case, and refuses a second account for it', async () => {
    const email = `Zanele.${serial++}.${process.pid}@Example.org`;
    const first = await signup(signupBody(email));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ email: email.toLowerCase(), mobile: null });
    const before = await count(t.db, 'users');
    expectError(await signup(signupBody(email.toUpperCase())), 409, 'auth.identifier_taken');
    expect(await count(t.db, 'users')).toBe(before);
    expect((await login(email.toLowerCase(), PASSWORD)).statusCode).toBe(200);
  });

  it('two sign-ups for one number at once make one account', async () => {
    const mobile = freshMobile();
    const answers = await Promise.all([signup(signupBody(mobile)), signup(signupBody(mobile))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await count(t.db, 'users', sql`mobile = ${e164(mobile)}`)).toBe(1);
  });

  it.each([
    ['a short password', { password: 'short1' }, 'password', 'validation.password_too_short'],
    ['a common password', { password: 'password123' }, 'password', 'validation.password_common'],
    [
      'the number as the password',
      { password: '0831234567', identifier: '083 123 4567' },
      'password',
      'validation.password_common',
    ],
    ['no acceptance of the terms', { accept_terms: false }, 'accept_terms', 'validation.accept_terms'],
    ['a landline', { identifier: '011 555 0202' }, 'identifier', 'validation.identifier'],
    ['a province that is not one', { state: 'Atlantis' }, 'state', 'validation.invalid_option'],
  ])('refuses %s with 400 and writes nothing', async (_name, change, fieldName, code) => {
    const before = await count(t.db, 'users');
    const error = expectError(await signup(signupBody(freshMobile(), change)), 400);
    expect(error.field_codes?.[fieldName]?.code).toBe(code);
    expect(await count(t.db, 'users')).toBe(before);
  });

  it('a wrong password and an unknown account get one answer, and the failure is recorded', async () => {
    const mobile = freshMobile();
    expect((await signup(signupBody(mobile))).statusCode).toBe(201);
    const wrong = expectError(
      await login(mobile, 'not-the-password', '192.0.2.10'),
      401,
      'auth.invalid_credentials',
    );
    const unknown = expectError(
      await login(freshMobile(), PASSWORD, '192.0.2.10'),
      401,
      'auth.invalid_credentials',
    );
    expect(unknown.message).toBe(wrong.message);
    const failed = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, 'failed_login'), eq(securityEvents.ip, '192.0.2.10')));
    expect(failed).toHaveLength(2);
  });

  it('a sign-in rotates the session: the browser’s earlier one ends', async () => {
    const mobile = freshMobile();
    const first = cookieOf(await signup(signupBody(mobile)))!;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: mobile, password: PASSWORD },
      headers: { cookie: first },
    });
    expect(again.statusCode).toBe(200);
    expect(cookieOf(again)).not.toBe(first);
    expectError(await me(first), 401, 'unauthorized');
  });

  it('locks the password after 10 failures in 15 minutes, says until when, and a reset link still works', async () => {
    const mobile = freshMobile();
    const { id } = (await signup(signupBody(mobile))).json<{ id: number }>();
    for (let i = 0; i < SIGN_IN_LOCK_FAILURES; i += 1) {
      expectError(
        await login(mobile, `wrong-guess-${i}`, `198.51.100.${i + 1}`),
        401,
        'auth.invalid_credentials',
      );
    }
    // Locked: even the right password, from an address that never failed.
    const locked = expectError(await login(mobile, PASSWORD, '203.0.113.7'), 429, 'auth.password_locked');
    expect(locked.params?.until).toMatch(/^\d{2}:\d{2}$/);
    expect(locked.message).toContain(String(locked.params?.until));

    // An administrator's reset link sets a new password and forgives the failures.
    const admin = await realAdmin();
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/password-reset`,
      headers: { cookie: admin.cookie },
    });
    expect(link.statusCode, link.body).toBe(200);
    const token = new URL(link.json<{ link: string }>().link).searchParams.get('token')!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { token, password: 'A-new-password-for-Ayanda' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(mobile, 'A-new-password-for-Ayanda', '203.0.113.7')).statusCode).toBe(200);
  });

  it('locks an address that failed 10 times, whichever accounts it tried; other addresses sign in', async () => {
    const mobile = freshMobile();
    expect((await signup(signupBody(mobile))).statusCode).toBe(201);
    for (let i = 0; i < SIGN_IN_LOCK_FAILURES; i += 1) {
      await login(freshMobile(), 'guessing-at-random', '198.51.100.200');
    }
    expectError(await login(mobile, PASSWORD, '198.51.100.200'), 429, 'auth.password_locked');
    expect((await login(mobile, PASSWORD, '198.51.100.201')).statusCode).toBe(200);
  });

  it('the lock ends 15 minutes after the last failure', async () => {
    const mobile = freshMobile();
    const { id } = (await signup(signupBody(mobile))).json<{ id: number }>();
    for (let i = 0; i < SIGN_IN_LOCK_FAILURES; i += 1)
      await login(mobile, `nope-${i}`, `198.51.100.${100 + i}`);
    expectError(await login(mobile, PASSWORD, '203.0.113.8'), 429, 'auth.password_locked');
    await t.db.execute(
      sql`update sign_in_failures set created_at = created_at - interval '16 minutes' where key = ${`account:${id}`}`,
    );
    expect((await login(mobile, PASSWORD, '203.0.113.8')).statusCode).toBe(200);
  });

  it('a password reset request answers the same whether or not the account exists', async () => {
    const mobile = freshMobile();
    await signup(signupBody(mobile));
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { identifier: mobile },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { identifier: freshMobile() },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ email_sent: false });
    expect(unknown.json()).toEqual(known.json());
  });

  describe('password links', () => {
    async function linkFor(userId: number, admin: { cookie: string }) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/password-reset`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { link, expires_at } = response.json<{ link: string; expires_at: string }>();
      expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
      expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
      return new URL(link).searchParams.get('token')!;
    }
    const setPassword = (token: string, password = 'Another-good-passphrase') =>
      t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { token, password } });

    it('sets the password once and ends every session of the account', async () => {
      const admin = await realAdmin();
      const mobile = freshMobile();
      const signedUp = await signup(signupBody(mobile));
      const { id } = signedUp.json<{ id: number }>();
      const session = cookieOf(signedUp)!;
      const token = await linkFor(id, admin);
      expect((await setPassword(token)).statusCode).toBe(200);
      expectError(await me(session), 401, 'unauthorized');
      expect(await count(t.db, 'sessions', sql`user_id = ${id}`)).toBe(0);
      expectError(await login(mobile, PASSWORD), 401, 'auth.invalid_credentials');
      expect((await login(mobile, 'Another-good-passphrase')).statusCode).toBe(200);
      // Used once: the same link again is refused, and changes nothing.
      const hash = (await t.db.select().from(users).where(eq(users.id, id)))[0]!.password_hash;
      expectError(await setPassword(token, 'Yet-another-passphrase'), 400, 'auth.password_link_invalid');
      expect((await t.db.select().from(users).where(eq(users.id, id)))[0]!.password_hash).toBe(hash);
      const events = await t.db
        .select({ type: securityEvents.type, details: securityEvents.details })
        .from(securityEvents)
        .where(eq(securityEvents.user_id, id));
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'password_link_issued', details: 'admin' },
          { type: 'password_set', details: 'reset' },
        ]),
      );
    });

    it('refuses an expired link, a link replaced by a newer one and an unknown one', async () => {
      const admin = await realAdmin();
      const { id } = (await signup(signupBody(freshMobile()))).json<{ id: number }>();
      const old = await linkFor(id, admin);
      const newer = await linkFor(id, admin);
      expectError(await setPassword(old), 400, 'auth.password_link_invalid');
      await t.db
        .update(passwordTokens)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(passwordTokens.user_id, id));
      expectError(await setPassword(newer), 400, 'auth.password_link_expired');
      expectError(await setPassword('x'.repeat(43)), 400, 'auth.password_link_invalid');
    });

    it('refuses a common password from a link and keeps the link usable', async () => {
      const admin = await realAdmin();
      const { id } = (await signup(signupBody(freshMobile()))).json<{ id: number }>();
      const token = await linkFor(id, admin);
      const error = expectError(await setPassword(token, 'qwertyuiop'), 400);
      expect(error.field_codes?.password?.code).toBe('validation.password_common');
      expect((await setPassword(token)).statusCode).toBe(200);
    });
  });

  describe('invitations', () => {
    const invite = (cookie: string, role = 'coordinator') =>
      t.app.inject({ method: 'POST', url: '/api/admin/invitations', payload: { role }, headers: { cookie } });
    const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!;

    it('a staff invitation is used once to sign up with its role', async () => {
      const admin = await realAdmin();
      const created = await invite(admin.cookie);
      expect(created.statusCode, created.body).toBe(201);
      const invitation = created.json<{ id: number; link: string; role: string }>();
      expect(invitation.link).toMatch(/\/signup\?invitation=/);
      const token = tokenOf(invitation.link);
      const offer = await t.app.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token } });
      expect(offer.json()).toMatchObject({ role: 'coordinator' });
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/invitations',
        headers: { cookie: admin.cookie },
      });
      expect(listed.json<{ invitations: { id: number }[] }>().invitations.map((i) => i.id)).toContain(
        invitation.id,
      );

      const joined = await signup(signupBody(freshMobile(), { invitation_token: token }));
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json()).toMatchObject({ role: 'coordinator' });
      const before = await count(t.db, 'users');
      expectError(
        await signup(signupBody(freshMobile(), { invitation_token: token })),
        400,
        'auth.invitation_invalid',
      );
      expect(await count(t.db, 'users')).toBe(before);
    });

    it('a revoked or expired invitation signs nobody up', async () => {
      const admin = await realAdmin();
      const revoked = (await invite(admin.cookie, 'sales_rep')).json<{ id: number; link: string }>();
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/invitations/${revoked.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(gone.statusCode).toBe(204);
      expectError(
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/invitations/${revoked.id}`,
          headers: { cookie: admin.cookie },
        }),
        404,
        'admin_users.invitation_not_found',
      );
      const before = await count(t.db, 'users');
      expectError(
        await signup(signupBody(freshMobile(), { invitation_token: tokenOf(revoked.link) })),
        400,
        'auth.invitation_invalid',
      );
      const expired = (await invite(admin.cookie, 'admin')).json<{ id: number; link: string }>();
      await t.db
        .update(invitations)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, expired.id));
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/invitation',
          payload: { token: tokenOf(expired.link) },
        }),
        400,
        'auth.invitation_invalid',
      );
      expectError(
        await signup(signupBody(freshMobile(), { invitation_token: tokenOf(expired.link) })),
        400,
        'auth.invitation_invalid',
      );
      expect(await count(t.db, 'users')).toBe(before);
    });
  });

  describe('People: roles and suspension', () => {
    const setRole = (cookie: string, id: number, role: string, reason = 'Runs the Soweto co-op') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${id}/role`,
        payload: { role, reason },
        headers: { cookie },
      });
    const suspend = (cookie: string, id: number, reason = 'Reported for fraud') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${id}/suspend`,
        payload: { reason },
        headers: { cookie },
      });

    it('grants a staff role with a reason and revoking restores the business role', async () => {
      const admin = await realAdmin();
      const signedUp = await signup(signupBody(freshMobile()));
      const { id } = signedUp.json<{ id: number }>();
      const granted = await setRole(admin.cookie, id, 'coordinator');
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json()).toMatchObject({
        role: 'coordinator',
        previous_role: 'retailer',
        status: 'active',
      });
      // Between staff roles the business role stays the one to restore.
      expect((await setRole(admin.cookie, id, 'sales_rep')).json()).toMatchObject({
        previous_role: 'retailer',
      });
      const restored = await setRole(admin.cookie, id, 'retailer', 'Left the co-op');
      expect(restored.json()).toMatchObject({ role: 'retailer', previous_role: null });
      const events = await t.db
        .select({ details: securityEvents.details })
        .from(securityEvents)
        .where(and(eq(securityEvents.user_id, id), eq(securityEvents.type, 'role_change')));
      expect(events.map((e) => e.details)).toEqual([
        'retailer>coordinator: Runs the Soweto co-op',
        'coordinator>sales_rep: Runs the Soweto co-op',
        'sales_rep>retailer: Left the co-op',
      ]);
      const notes = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: cookieOf(signedUp)! },
      });
      expect(JSON.stringify(notes.json())).toContain('notifications.account.role.title');
    });

    it('refuses a seller role, a role revoking would not restore, a missing reason, and writes nothing', async () => {
      const admin = await realAdmin();
      const { id } = (await signup(signupBody(freshMobile()))).json<{ id: number }>();
      expectError(await setRole(admin.cookie, id, 'supplier'), 400, 'admin_users.role_not_grantable');
      expectError(await setRole(admin.cookie, id, 'trader'), 400, 'admin_users.role_not_grantable');
      // Nor is a seller made a buyer here: going back to a business role is for a staff account only.
      const seller = (await signup(signupBody(freshMobile()))).json<{ id: number }>().id;
      await t.db.update(users).set({ role: 'supplier' }).where(eq(users.id, seller));
      expectError(await setRole(admin.cookie, seller, 'retailer'), 400, 'admin_users.role_not_grantable');
      const noReason = expectError(await setRole(admin.cookie, id, 'coordinator', ''), 400);
      expect(noReason.field_codes?.reason).toBeDefined();
      expect((await t.db.select().from(users).where(eq(users.id, id)))[0]!.role).toBe('retailer');
    });

    it('refuses a staff role to a seller still in business', async () => {
      const admin = await realAdmin();
      const supplier = await t.demoUserId('supplier');
      // A real supplier with an active listing: the demo supplier's products moved to a real account.
      const { id } = (await signup(signupBody(freshMobile()))).json<{ id: number }>();
      await t.db.update(users).set({ role: 'supplier' }).where(eq(users.id, id));
      await t.db.execute(
        sql`update products set seller_id = ${id} where id = (select id from products where seller_id = ${supplier} and is_active limit 1)`,
      );
      const error = expectError(
        await setRole(admin.cookie, id, 'coordinator'),
        409,
        'admin_users.seller_in_business',
      );
      expect(error.params).toMatchObject({ listings: 1 });
    });

    it('suspension ends the sessions and API keys at once and refuses the sign-in; reactivation restores it', async () => {
      const admin = await realAdmin();
      const mobile = freshMobile();
      const signedUp = await signup(signupBody(mobile));
      const { id } = signedUp.json<{ id: number }>();
      const key = newApiKey();
      await t.db.insert(apiKeys).values({
        owner_id: id,
        name: 'Till sync',
        key_hash: hashApiKey(key),
        key_prefix: key.slice(0, 12),
        key_suffix: key.slice(-4),
        scopes: ['read:orders'],
      });
      const bearer = { authorization: `Bearer ${key}` };
      const ordersWithKey = () => t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer });
      expect((await ordersWithKey()).statusCode).toBe(200);

      const suspended = await suspend(admin.cookie, id);
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(suspended.json()).toMatchObject({ status: 'suspended', suspended_reason: 'Reported for fraud' });
      expectError(await me(cookieOf(signedUp)!), 401, 'unauthorized');
      expect(await count(t.db, 'api_keys', sql`owner_id = ${id} and revoked_at is null`)).toBe(0);
      expectError(await ordersWithKey(), 401);
      expectError(await login(mobile, PASSWORD), 403, 'auth.account_suspended');
      // A wrong password learns nothing about the suspension.
      expectError(await login(mobile, 'wrong-password-here'), 401, 'auth.invalid_credentials');
      expectError(await suspend(admin.cookie, id), 409, 'admin_users.already_suspended');

      const back = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${id}/reactivate`,
        payload: { reason: 'Cleared' },
        headers: { cookie: admin.cookie },
      });
      expect(back.json()).toMatchObject({ status: 'active', suspended_reason: null });
      expect((await login(mobile, PASSWORD)).statusCode).toBe(200);
    });

    it('the last administrator can be neither demoted, suspended nor closed', async () => {
      // Only this file's administrators are real ones: make every other real admin a retailer first.
      await t.db.execute(sql`update users set role = 'retailer' where role = 'admin' and not demo_world`);
      const only = await realAdmin();
      expectError(
        await setRole(only.cookie, only.id, 'coordinator', 'Stepping down'),
        409,
        'admin_users.last_admin',
      );
      expectError(await suspend(only.cookie, only.id), 409, 'admin_users.not_on_self');
      const close = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/close',
        payload: { confirm: true },
        headers: { cookie: only.cookie },
      });
      expectError(close, 409, 'admin_users.last_admin');

      // With a second one, each can be demoted, but never both at once.
      const second = await realAdmin();
      const [a, b] = await Promise.all([
        setRole(only.cookie, second.id, 'coordinator', 'Both at once'),
        setRole(second.cookie, only.id, 'coordinator', 'Both at once'),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await count(t.db, 'users', sql`role = 'admin' and not demo_world`)).toBe(1);
    });

    it('lists accounts by search, role and status, a page at a time', async () => {
      const admin = await realAdmin();
      const mobile = freshMobile();
      const { id } = (
        await signup(signupBody(mobile, { company_name: `Findable Butchery ${serial}` }))
      ).json<{ id: number }>();
      const list = (query: string) =>
        t.app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: { cookie: admin.cookie } });
      const byCompany = await list(`search=${encodeURIComponent(`Findable Butchery ${serial}`)}`);
      expect(byCompany.statusCode, byCompany.body).toBe(200);
      expect(byCompany.json()).toMatchObject({ matching: 1, page: 1, page_size: 20 });
      expect(byCompany.json().users[0]).toMatchObject({
        id,
        mobile: e164(mobile),
        status: 'active',
        has_password: true,
      });
      expect(byCompany.json().users[0].last_sign_in_at).not.toBeNull();
      // A number written the way people write it finds the account.
      expect(
        (await list(`search=${encodeURIComponent(mobile)}`)).json().users.map((u: { id: number }) => u.id),
      ).toContain(id);
      const admins = (await list('role=admin')).json();
      expect(admins.users.every((u: { role: string }) => u.role === 'admin')).toBe(true);
      expectError(await list('status=frozen'), 400);
      expectError(await list('page=0'), 400);
    });

    it('refuses anonymous callers (401) and other roles (403)', async () => {
      expectError(await t.app.inject({ method: 'GET', url: '/api/admin/users' }), 401, 'unauthorized');
      const retailer = cookieOf(await signup(signupBody(freshMobile())))!;
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: retailer } }),
        403,
      );
      const coordinator = await t.login('coordinator');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/invitations',
          payload: { role: 'admin' },
          headers: { cookie: coordinator },
        }),
        403,
      );
    });

    it('a demo administrator sees and changes only the demo world', async () => {
      const demoAdmin = await t.login('admin');
      const { id } = (await signup(signupBody(freshMobile()))).json<{ id: number }>();
      expectError(await setRole(demoAdmin, id, 'coordinator'), 403, 'admin_users.demo_on_real');
      expectError(await suspend(demoAdmin, id), 403, 'admin_users.demo_on_real');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${id}/password-reset`,
          headers: { cookie: demoAdmin },
        }),
        403,
        'admin_users.demo_on_real',
      );
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/invitations',
          payload: { role: 'admin' },
          headers: { cookie: demoAdmin },
        }),
        403,
        'demo_account',
      );
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users?status=active',
        headers: { cookie: demoAdmin },
      });
      expect(listed.json().users.length).toBeGreaterThan(0);
      const ids: number[] = listed.json().users.map((u: { id: number }) => u.id);
      const real = await t.db.select({ id: users.id }).from(users).where(eq(users.demo_world, false));
      expect(ids.filter((i) => real.some((r) => r.id === i))).toEqual([]);
      // Nor does it read real accounts' security events.
      const events = await t.app.inject({
        method: 'GET',
        url: '/api/security/events?scope=deployment',
        headers: { cookie: demoAdmin },
      });
      expect(events.statusCode, events.body).toBe(200);
      const seen = events.json<{ events: { user_id: number | null }[] }>().events.map((e) => e.user_id);
      expect(seen.filter((u) => u !== null && real.some((r) => r.id === u))).toEqual([]);
      expect(seen.length).toBeGreaterThan(0);
    });

    it("a demo administrator reads no real customer's ticket or chat, moderates no real post, sees no real rep's client", async () => {
      const demoAdmin = await t.login('admin');
      const signedUp = await signup(signupBody(freshMobile()));
      const real = { id: signedUp.json<{ id: number }>().id, cookie: cookieOf(signedUp)! };
      const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
        t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

      const ticket = await send('POST', '/api/support/tickets', real.cookie, {
        subject: 'My order came short',
        description: 'Two bags of maize meal were missing; my number is 083 555 0101.',
      });
      expect(ticket.statusCode, ticket.body).toBe(201);
      const ticketId = ticket.json<{ id: number }>().id;
      const desk = await send('GET', '/api/support/tickets?page_size=100', demoAdmin);
      expect(desk.statusCode, desk.body).toBe(200);
      expect(JSON.stringify(desk.json())).not.toContain('My order came short');
      expectError(await send('GET', `/api/support/tickets/${ticketId}`, demoAdmin), 404);
      expect(
        (await send('POST', '/api/support/chat', real.cookie, { message: 'Hello support' })).statusCode,
      ).toBe(201);
      const inbox = await send('GET', '/api/support/chat/conversations', demoAdmin);
      expect(inbox.json<{ customer_id: number }[]>().map((c) => c.customer_id)).not.toContain(real.id);
      expectError(
        await send('GET', `/api/support/chat?customer_id=${real.id}`, demoAdmin),
        403,
        'admin_users.demo_on_real',
      );

      const post = await send('POST', '/api/community/posts', real.cookie, {
        content: 'Who sells bread flour in Soweto?',
      });
      expect(post.statusCode, post.body).toBe(201);
      const postId = post.json<{ id: number }>().id;
      expectError(
        await send('PUT', `/api/community/posts/${postId}/hidden`, demoAdmin, { is_hidden: true }),
        403,
        'admin_users.demo_on_real',
      );
      const realAdminCookie = (await realAdmin()).cookie;
      expect(
        (await send('PUT', `/api/community/posts/${postId}/hidden`, realAdminCookie, { is_hidden: true }))
          .statusCode,
      ).toBe(200);

      // A real sales rep's client is the rep's business, not the shared demo manager's.
      const [rep] = await t.db
        .insert(users)
        .values({ email: `rep.${serial++}@example.org`, name: 'Nandi Real Rep', role: 'sales_rep' })
        .returning({ id: users.id });
      const repCookie = await t.sessionFor(rep!.id);
      const client = await send('POST', '/api/crm/clients', repCookie, { client_name: 'Mama Joyce Spaza' });
      expect(client.statusCode, client.body).toBe(201);
      const clients = await send('GET', '/api/crm/clients', demoAdmin);
      expect(clients.statusCode, clients.body).toBe(200);
      expect(JSON.stringify(clients.json())).not.toContain('Mama Joyce Spaza');
      expect(JSON.stringify((await send('GET', '/api/crm/clients', realAdminCookie)).json())).toContain(
        'Mama Joyce Spaza',
      );
      // Nor the real reps and their targets.
      const targets = await send('GET', '/api/crm/sales-targets', demoAdmin);
      expect(targets.statusCode, targets.body).toBe(200);
      expect(JSON.stringify(targets.json())).not.toContain('Nandi Real Rep');
      expect(JSON.stringify((await send('GET', '/api/crm/sales-targets', realAdminCookie)).json())).toContain(
        'Nandi Real Rep',
      );
    });

    it("a demo administrator reads no real customer's order and reviews no real applicant", async () => {
      const demoAdmin = await t.login('admin');
      const signedUp = await signup(signupBody(freshMobile()));
      const real = signedUp.json<{ id: number }>().id;
      // A real customer's order: one of the demo world's, moved to the real account.
      const [order] = await t.db.select({ id: orders.id }).from(orders).limit(1);
      await t.db.update(orders).set({ buyer_id: real }).where(eq(orders.id, order!.id));
      expectError(
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/${order!.id}`,
          headers: { cookie: demoAdmin },
        }),
        404,
      );
      const admin = await realAdmin();
      const byAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${order!.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);

      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/supplier-applications',
        payload: { company_name: 'Ekasi Foods', product_categories: ['Beverages'] },
        headers: { cookie: cookieOf(signedUp)! },
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const application = applied.json<{ id: number }>().id;
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/supplier-applications/review',
        headers: { cookie: demoAdmin },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(JSON.stringify(listed.json())).not.toContain('Ekasi Foods');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: `/api/supplier-applications/${application}/review`,
          payload: { status: 'approved' },
          headers: { cookie: demoAdmin },
        }),
        403,
        'admin_users.demo_on_real',
      );
      expect((await t.db.select({ role: users.role }).from(users).where(eq(users.id, real)))[0]!.role).toBe(
        'retailer',
      );
    });
  });
});

describe('demo sign-in is on only when asked for', () => {
  const demoLogin = (t: TestApp) =>
    t.app.inject({ method: 'POST', url: '/api/demo/login', payload: { role: 'admin' } });
  const options = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/options' })).json<{ demo: boolean }>().demo;

  it('is refused in production mode unless DEMO_LOGIN=true', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', DEMO_LOGIN: '' } });
    try {
      expectError(await demoLogin(production), 403, 'auth.demo_disabled');
      expect(await options(production)).toBe(false);
    } finally {
      await production.close();
    }
    const asked = await createTestApp({ env: { NODE_ENV: 'production', DEMO_LOGIN: 'true' } });
    try {
      expect((await demoLogin(asked)).statusCode).toBe(200);
    } finally {
      await asked.close();
    }
  });

  it('is off with a sign-in provider configured, unless DEMO_LOGIN=true', async () => {
    const withProvider = await createTestApp({
      env: { DEMO_LOGIN: '', OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'township-trade' },
    });
    try {
      expectError(await demoLogin(withProvider), 403, 'auth.demo_disabled');
    } finally {
      await withProvider.close();
    }
  });

  it('turns itself off once a real administrator exists, and the demo sessions end', async () => {
    const t = await createTestApp({ env: { DEMO_LOGIN: '' } });
    try {
      const before = await demoLogin(t);
      expect(before.statusCode).toBe(200);
      const demoSession = cookieOf(before)!;
      const [real] = await t.db
        .insert(users)
        .values({ email: `first.admin.${process.pid}@example.org`, name: 'First Admin', role: 'admin' })
        .returning({ id: users.id });
      expect(real).toBeDefined();
      expectError(await demoLogin(t), 403, 'auth.demo_disabled');
      expect(await options(t)).toBe(false);
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: demoSession } }),
        401,
        'unauthorized',
      );
      expect(await count(t.db, 'sessions', sql`user_id in (select id from users where is_demo)`)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/features/auth/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { softwarePasskey, type SoftwarePasskey } from './support/authenticator.ts';

/** Passkeys: added from a signed-in account, then a sign-in with one alone, checked by a software authenticator. */

const ORIGIN = 'http://localhost:3000';
const WEBAUTHN_COOKIE = 'tt_webauthn';

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
  });
  afterAll(() => t.close());

  const cookieNamed = (response: { cookies: { name: string; value: string }[] }, name: string) => {
    const found = response.cookies.find((c) => c.name === name);
    return found ? `${name}=${found.value}` : undefined;
  };
  const post = (url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function realAccount() {
    const [row] = await t.db
      .insert(users)
      .values({
        email: `passkey.${Math.random().toString(36).slice(2)}@example.org`,
        name: 'Nandi Cele',
        role: 'retailer',
      })
      .returning({ id: users.id });
    return { id: row!.id, cookie: await t.sessionFor(row!.id) };
  }

  /** Adds a passkey the whole way: options, the authenticator's answer, the answer sent with its challenge. */
  async function addPasskey(session: string, key: SoftwarePasskey, name?: string) {
    const started = await post('/api/auth/passkeys/options', session);
    expect(started.statusCode, started.body).toBe(200);
    const options = started.json<{
      options: { challenge: string; rp: { id: string }; user: { name: string } };
    }>().options;
    const challenge = cookieNamed(started, WEBAUTHN_COOKIE)!;
    return post('/api/auth/passkeys', `${session}; ${challenge}`, {
      response: key.register(options, ORIGIN),
      ...(name ? { name } : {}),
    });
  }

  async function signInWith(key: SoftwarePasskey, origin = ORIGIN) {
    const started = await post('/api/auth/passkey/options', undefined);
    expect(started.statusCode, started.body).toBe(200);
    const options = started.json<{ options: { challenge: string; rpId: string } }>().options;
    return post('/api/auth/passkey/login', cookieNamed(started, WEBAUTHN_COOKIE), {
      response: key.authenticate(options, origin),
    });
  }

  it('adds a passkey to an account, and the passkey alone signs it in', async () => {
    const { id, cookie } = await realAccount();
    const key = softwarePasskey();
    const added = await addPasskey(cookie, key, 'My Android phone');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'My Android phone', last_used_at: null });
    const listed = await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: { cookie } });
    expect(listed.json<{ passkeys: { name: string }[] }>().passkeys.map((p) => p.name)).toEqual([
      'My Android phone',
    ]);

    const signedIn = await signInWith(key);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id });
    const session = cookieNamed(signedIn, SESSION_COOKIE)!;
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: session } });
    expect(me.json()).toMatchObject({ id });
    // The counter moves on, and the sign-in is recorded as a passkey's.
    expect((await signInWith(key)).statusCode).toBe(200);
    expect(
      await count(t.db, 'security_events', sql`user_id = ${id} and type = 'login' and details = 'passkey'`),
    ).toBe(2);
  });

  it('refuses an answer without its challenge, a challenge used twice, and another origin', async () => {
    const { cookie } = await realAccount();
    const key = softwarePasskey();
    expect((await addPasskey(cookie, key)).statusCode).toBe(201);

    const started = await post('/api/auth/passkey/options', undefined);
    const options = started.json<{ options: { challenge: string; rpId: string } }>().options;
    const challenge = cookieNamed(started, WEBAUTHN_COOKIE)!;
    expectError(
      await post('/api/auth/passkey/login', undefined, { response: key.authenticate(options, ORIGIN) }),
      400,
      'auth.passkey_expired',
    );
    const first = await post('/api/auth/passkey/login', challenge, {
      response: key.authenticate(options, ORIGIN),
    });
    expect(first.statusCode, first.body).toBe(200);
    expectError(
      await post('/api/auth/passkey/login', challenge, { response: key.authenticate(options, ORIGIN) }),
      400,
      'auth.passkey_expired',
    );
    expectError(await signInWith(key, 'http://evil.example'), 400, 'auth.passkey_rejected');
  });

  it('a passkey no account holds, a removed one and a suspended account sign nobody in', async () => {
    expectError(await signInWith(softwarePasskey()), 401, 'auth.passkey_unknown');
    const { id, cookie } = await realAccount();
    const key = softwarePasskey();
    const added = (await addPasskey(cookie, key)).json<{ id: number }>();
    await t.db.update(users).set({ suspended_at: new Date() }).where(eq(users.id, id));
    expectError(await signInWith(key), 403, 'auth.account_suspended');
    await t.db.update(users).set({ suspended_at: null }).where(eq(users.id, id));
    const session = await t.sessionFor(id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${added.id}`,
      headers: { cookie: session },
    });
    expect(removed.statusCode).toBe(204);
    expectError(await signInWith(key), 401, 'auth.passkey_unknown');
  });

  it("refuses another account's passkey, a second copy of one, a demo account and an anonymous caller", async () => {
    const owner = await realAccount();
    const other = await realAccount();
    const key = softwarePasskey();
    const added = (await addPasskey(owner.cookie, key)).json<{ id: number }>();
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/passkeys/${added.id}`,
        headers: { cookie: other.cookie },
      }),
      404,
      'auth.passkey_not_found',
    );
    expectError(await addPasskey(other.cookie, key), 409, 'auth.passkey_exists');
    expectError(await post('/api/auth/passkeys/options', await t.login('retailer')), 403, 'demo_account');
    expectError(await post('/api/auth/passkeys/options', undefined), 401, 'unauthorized');
    const before = await count(t.db, 'passkeys');
    expectError(await post('/api/auth/passkeys', owner.cookie, { response: 'not an object' }), 400);
    expect(await count(t.db, 'passkeys')).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEMO_ROLES, SIGNED_IN_COOKIE } from '@tt/domain';
import { sessions, users } from '../src/db/schema.ts';
import { demoEmail, SESSION_COOKIE } from '../src/features/auth/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses /api/users/me to an anonymous caller with the JSON error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expectError(response, 401, 'unauthorized');
  });

  it.each(DEMO_ROLES)('demo sign-in as %s opens a session for that demo user', async (role) => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/demo/login', payload: { role } });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ role, email: demoEmail(role), is_demo: true });

    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    expect(cookie!.expires).toBeInstanceOf(Date);
    // SESSION_DAYS defaults to 30.
    expect(cookie!.expires!.getTime()).toBeGreaterThan(before + 29 * DAY);
    expect(cookie!.expires!.getTime()).toBeLessThan(Date.now() + 31 * DAY);
    // Beside it, a hint the web app can read (issue 9), lasting as long: no credential, just "signed in".
    const hint = response.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint!.httpOnly).toBeFalsy();
    expect(hint!.expires!.getTime()).toBe(cookie!.expires!.getTime());

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `${SESSION_COOKIE}=${cookie!.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('signs in as the retailer when no role is given', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/demo/login' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ role: 'retailer', email: demoEmail('retailer') });
  });

  it('logout deletes the session, so the same cookie is then refused', async () => {
    const cookie = await t.login('supplier');
    const sessionsBefore = await count(t.db, 'sessions');
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(logout.cookies.find((c) => c.name === SIGNED_IN_COOKIE)?.value).toBe('');
    expect(await count(t.db, 'sessions')).toBe(sessionsBefore - 1);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expectError(me, 401, 'unauthorized');
  });

  it('logout without a session is harmless', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const cookie = await t.login('coordinator');
    const [coordinator] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('coordinator')));
    const ok = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(ok.statusCode).toBe(200);

    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, coordinator!.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expectError(me, 401, 'unauthorized');
  });

  it('refuses a made-up session token', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expectError(me, 401, 'unauthorized');
  });

  it('answers 400 for an unknown demo role and writes nothing', async () => {
    const before = await count(t.db, 'sessions');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/demo/login',
      payload: { role: 'pirate' },
    });
    const error = expectError(response, 400, 'bad_request');
    expect(error.fields).toHaveProperty('role');
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await count(t.db, 'sessions')).toBe(before);
  });

  it('answers 503 with a clear message when no OpenID Connect provider is configured', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/api/oauth/google/redirect_url' });
    const redirectError = expectError(redirect, 503, 'auth.provider_not_configured');
    expect(redirectError.message).toMatch(/not set up/);

    const before = await count(t.db, 'sessions');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { code: 'abc', state: 'xyz' },
    });
    const exchangeError = expectError(exchange, 503, 'auth.provider_not_configured');
    expect(exchangeError.message).toMatch(/not set up/);
    expect(await count(t.db, 'sessions')).toBe(before);
  });

  it('keeps no expired sessions around after a new sign-in', async () => {
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 day'`);
    await t.login('retailer');
    expect(await count(t.db, 'sessions', sql`expires_at < now()`)).toBe(0);
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with the error shape to the 4th demo sign-in within a minute', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/demo/login',
        payload: { role: 'retailer' },
      });
      expect(ok.statusCode).toBe(200);
    }
    const before = await count(t.db, 'sessions');
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/demo/login',
      payload: { role: 'retailer' },
    });
    const error = expectError(limited, 429, 'auth.rate_limited');
    expect(error.params).toEqual({ seconds: expect.any(Number) });
    expect(error.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/);
    expect(await count(t.db, 'sessions')).toBe(before);
  });
});

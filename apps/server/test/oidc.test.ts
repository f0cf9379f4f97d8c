import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { exchangeFailedMessage } from '@tt/domain';
import { users } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/features/auth/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { followToCallback, startTestProvider, type TestProvider } from './support/oidc-provider.ts';

const PUBLIC_URL = 'http://localhost:3999';
const CALLBACK = `${PUBLIC_URL}/auth/callback`;
const account = { sub: 'oidc-user-4711', email: 'zanele.khumalo@example.co.za', name: 'Zanele Khumalo' };
/** The spec's text of a failed completion (exchangeFailedMessage), whatever the status it names. */
const FAILED = /^Failed to exchange code for session token: API responded with HTTP status \d{3}\b/;

/** The cookie as the browser would send it back: name=value exactly as set. */
function cookiePair(response: LightMyRequestResponse, name: string): string | undefined {
  const headers = response.headers['set-cookie'];
  const list = Array.isArray(headers) ? headers : headers ? [headers] : [];
  return list.map((h) => h.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));
}

describe('sign-in with OpenID Connect against a real provider', () => {
  let provider: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startTestProvider({ redirectUri: CALLBACK, account });
    t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOW_INSECURE: 'true',
        PUBLIC_URL,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  async function start() {
    const response = await t.app.inject({ method: 'GET', url: '/api/oauth/google/redirect_url' });
    expect(response.statusCode, response.body).toBe(200);
    const { redirectUrl } = response.json() as { redirectUrl: string };
    const oidcCookie = cookiePair(response, 'tt_oidc');
    expect(oidcCookie).toBeDefined();
    return { response, redirectUrl: new URL(redirectUrl), oidcCookie: oidcCookie! };
  }

  it('signs a new user in end to end: redirect, provider, callback, session', async () => {
    const { response, redirectUrl, oidcCookie } = await start();
    expect(`${redirectUrl.origin}`).toBe(provider.issuer);
    expect(redirectUrl.searchParams.get('client_id')).toBe(provider.clientId);
    expect(redirectUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(redirectUrl.searchParams.get('response_type')).toBe('code');
    expect(redirectUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(redirectUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const state = redirectUrl.searchParams.get('state');
    expect(state).toBeTruthy();

    const cookie = response.cookies.find((c) => c.name === 'tt_oidc')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/api/sessions');
    const unsigned = t.app.unsignCookie(decodeURIComponent(oidcCookie.slice('tt_oidc='.length)));
    expect(unsigned.valid).toBe(true);
    // The verifier stays on our side: only its challenge travels to the provider.
    expect(redirectUrl.href).not.toContain(JSON.parse(unsigned.value!).verifier);

    const callback = await followToCallback(redirectUrl.href, `${CALLBACK}?`);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(state);
    const iss = callback.searchParams.get('iss');
    expect(iss).toBe(provider.issuer);

    const usersBefore = await count(t.db, 'users');
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { code, state, iss },
      headers: { cookie: oidcCookie },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const user = exchange.json();
    expect(user).toMatchObject({
      email: account.email,
      name: account.name,
      role: 'retailer',
      is_demo: false,
    });
    expect(await count(t.db, 'users')).toBe(usersBefore + 1);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.oidc_subject).toBe(account.sub);

    const session = exchange.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(exchange.cookies.find((c) => c.name === 'tt_oidc')?.value).toBe('');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `${SESSION_COOKIE}=${session!.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: account.email });

    // The same subject signing in again is the same user, not a new one.
    const again = await start();
    const secondCallback = await followToCallback(again.redirectUrl.href, `${CALLBACK}?`);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: Object.fromEntries(secondCallback.searchParams),
      headers: { cookie: again.oidcCookie },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ id: user.id });
    expect(await count(t.db, 'users')).toBe(usersBefore + 1);
  });

  it('refuses the exchange without the tt_oidc cookie (400) and creates no session', async () => {
    const { redirectUrl } = await start();
    const callback = await followToCallback(redirectUrl.href, `${CALLBACK}?`);
    const before = await count(t.db, 'sessions');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: Object.fromEntries(callback.searchParams),
    });
    const error = expectError(response, 400, 'auth.sign_in_expired');
    expect(error.message).toMatch(FAILED);
    expect(error.message.startsWith(exchangeFailedMessage(400))).toBe(true);
    expect(await count(t.db, 'sessions')).toBe(before);
  });

  it('refuses a tampered tt_oidc cookie (400)', async () => {
    const { redirectUrl, oidcCookie } = await start();
    const callback = await followToCallback(redirectUrl.href, `${CALLBACK}?`);
    const tampered = oidcCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: Object.fromEntries(callback.searchParams),
      headers: { cookie: tampered },
    });
    expect(expectError(response, 400, 'auth.sign_in_expired').message).toMatch(FAILED);
  });

  it('refuses a wrong code (400) and creates no session or user', async () => {
    const { redirectUrl, oidcCookie } = await start();
    const state = redirectUrl.searchParams.get('state')!;
    const sessionsBefore = await count(t.db, 'sessions');
    const usersBefore = await count(t.db, 'users');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { code: 'not-a-code-the-provider-issued', state, iss: provider.issuer },
      headers: { cookie: oidcCookie },
    });
    const error = expectError(response, 400, 'auth.sign_in_rejected');
    expect(error.message).toMatch(FAILED);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await count(t.db, 'sessions')).toBe(sessionsBefore);
    expect(await count(t.db, 'users')).toBe(usersBefore);
  });
});

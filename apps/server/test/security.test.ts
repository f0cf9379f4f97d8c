import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  SECURITY_EVENT_DAYS,
  SECURITY_EVENT_PAGE_SIZE,
  type SecurityEventList,
  type SecurityOverview,
  type SecuritySessionList,
} from '@tt/domain';
import { securityEvents, sessions } from '../src/db/schema.ts';
import { restoreDemo } from '../src/db/seeds.ts';
import { pruneSecurityEvents, SESSION_COOKIE } from '../src/features/auth/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

const DAY = 24 * 60 * 60_000;
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

describe('security center: real events and sessions (ADR 054)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // An OpenID Connect provider that is never reached: a completion without its sign-in cookie fails first.
    t = await createTestApp({
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/',
        OIDC_CLIENT_ID: 'security-test',
        OIDC_ALLOW_INSECURE: 'true',
      },
    });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const events = async (cookie: string, query = '') => {
    const response = await get(`/api/security/events${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SecurityEventList;
  };
  const sessionsOf = async (cookie: string) => {
    const response = await get('/api/security/sessions', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SecuritySessionList;
  };
  const demoSignIn = async (role: string, userAgent = ANDROID) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/demo/login',
      headers: { 'user-agent': userAgent },
      payload: { role },
    });
    expect(response.statusCode, response.body).toBe(200);
    return `${SESSION_COOKIE}=${response.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
  };
  /** A real (not demo) account with two sessions, as two devices would have. */
  const person = async (role: 'retailer' | 'admin' = 'retailer') => {
    const id = await insertUser(t.db, role);
    return { id, cookie: await t.sessionFor(id), other: await t.sessionFor(id) };
  };

  it('records a sign-in with its device in the same answer, and the sign-out', async () => {
    const cookie = await demoSignIn('supplier');
    const supplierId = await t.demoUserId('supplier');
    const [latest] = (await events(cookie)).events;
    expect(latest).toMatchObject({
      type: 'login',
      status: 'success',
      user_id: supplierId,
      device: 'Chrome on Android',
      details: 'demo',
      // A shared demo account keeps no address: every visitor sees its events.
      ip: null,
      user_name: null,
    });
    const session = (await sessionsOf(cookie)).sessions.find((s) => s.current);
    expect(session).toMatchObject({ device: 'Chrome on Android', current: true });

    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'user-agent': ANDROID },
    });
    expect(out.statusCode, out.body).toBe(200);
    const [last] = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.user_id, supplierId))
      .orderBy(sql`${securityEvents.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ type: 'logout', status: 'success', device: 'Chrome on Android' });
    expectError(await get('/api/security/events', cookie), 401, 'unauthorized');
  });

  it('records a failed sign-in as the deployment’s event, which only security.monitor sees', async () => {
    const before = await count(t.db, 'security_events', sql`type = 'failed_login'`);
    const failed = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { code: 'abc' } });
    expectError(failed, 400, 'auth.sign_in_expired');
    expect(await count(t.db, 'security_events', sql`type = 'failed_login'`)).toBe(before + 1);

    const admin = await person('admin');
    const all = await events(admin.cookie, '?scope=deployment&type=failed_login');
    expect(all.events[0]).toMatchObject({
      type: 'failed_login',
      status: 'failed',
      user_id: null,
      details: 'auth.sign_in_expired',
    });
    expect(all.events.every((e) => e.type === 'failed_login')).toBe(true);
    const overview = (await get('/api/security/overview', admin.cookie)).json() as SecurityOverview;
    expect(overview.failed_sign_ins_30d).toBeGreaterThanOrEqual(1);

    // A retailer sees only their own account's events, and is refused the deployment's.
    const retailer = await person();
    expectError(
      await get('/api/security/events?scope=deployment', retailer.cookie),
      403,
      'security.monitor_only',
    );
    expectError(
      await get('/api/security/events/export?scope=deployment', retailer.cookie),
      403,
      'security.monitor_only',
    );
    expect((await events(retailer.cookie)).events).toEqual([]);
    expect(
      ((await get('/api/security/overview', retailer.cookie)).json() as SecurityOverview).failed_sign_ins_30d,
    ).toBeNull();
  });

  it('shows the deployment’s events with the account’s name, filtered by type and status, a page at a time', async () => {
    const admin = await person('admin');
    const retailer = await person();
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/developer/keys',
      headers: { cookie: admin.cookie, 'user-agent': ANDROID },
      payload: { name: 'Till sync', scopes: ['read:products'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/developer/keys/${(key.json() as { id: number }).id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoke.statusCode, revoke.body).toBe(204);

    const mine = await events(admin.cookie);
    expect(mine.events.map((e) => [e.type, e.details])).toEqual([
      ['api_key_revoked', 'Till sync'],
      ['api_key_created', 'Till sync'],
    ]);
    expect(mine.events[1]).toMatchObject({ device: 'Chrome on Android', ip: '127.0.0.1' });

    const created = await events(admin.cookie, '?scope=deployment&type=api_key_created&status=success');
    expect(created.events[0]).toMatchObject({
      user_id: admin.id,
      user_name: expect.stringContaining('Shop'),
    });
    expect(created.events.every((e) => e.type === 'api_key_created' && e.status === 'success')).toBe(true);
    expect((await events(admin.cookie, '?status=failed')).events).toEqual([]);
    // Nobody else's events in one's own view.
    expect((await events(retailer.cookie)).events).toEqual([]);

    // Pages of SECURITY_EVENT_PAGE_SIZE, newest first.
    await t.db.insert(securityEvents).values(
      Array.from({ length: SECURITY_EVENT_PAGE_SIZE + 3 }, (_, i) => ({
        user_id: retailer.id,
        type: 'login' as const,
        status: 'success' as const,
        device: 'Firefox on Linux',
        details: `n${i}`,
      })),
    );
    const first = await events(retailer.cookie);
    expect(first).toMatchObject({ matching: SECURITY_EVENT_PAGE_SIZE + 3, page: 1 });
    expect(first.events).toHaveLength(SECURITY_EVENT_PAGE_SIZE);
    expect(first.events[0]!.details).toBe(`n${SECURITY_EVENT_PAGE_SIZE + 2}`);
    expect((await events(retailer.cookie, '?page=2')).events).toHaveLength(3);
  });

  it('exports what the filter shows as CSV', async () => {
    const admin = await person('admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/developer/keys',
      headers: { cookie: admin.cookie },
      payload: { name: 'Export, "quoted"', scopes: ['read:orders'] },
    });
    const response = await get('/api/security/events/export?type=api_key_created', admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename=".*security-events-mine-.*\.csv"/,
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('created_at,type,status,user_id,user_name,device,ip,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`api_key_created,success,${admin.id},`);
    expect(lines[1]).toContain('"Export, ""quoted"""');
    expect(
      (await get('/api/security/events/export?type=logout', admin.cookie)).body.trimEnd().split('\r\n'),
    ).toHaveLength(1);
  });

  it('lists the caller’s own sessions, ends another one at once, and signs out all the others', async () => {
    const me = await person();
    const third = await t.sessionFor(me.id);
    const stranger = await person();
    const list = await sessionsOf(me.cookie);
    expect(list).toMatchObject({ open: 3, shared_account: false });
    expect(list.sessions[0]).toMatchObject({ current: true });
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    const others = list.sessions.filter((s) => !s.current);

    // Not one's own: not found; the current one: sign out instead; nothing ends.
    const strangers = (await sessionsOf(stranger.cookie)).sessions;
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/security/sessions/${strangers[0]!.id}`,
        headers: { cookie: me.cookie },
      }),
      404,
      'security.session_not_found',
    );
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/security/sessions/${list.sessions[0]!.id}`,
        headers: { cookie: me.cookie },
      }),
      409,
      'security.current_session',
    );
    expect(await t.db.$count(sessions, eq(sessions.user_id, stranger.id))).toBe(2);
    expect(await t.db.$count(sessions, eq(sessions.user_id, me.id))).toBe(3);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/security/sessions/${others[0]!.id}`,
      headers: { cookie: me.cookie },
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await sessionsOf(me.cookie)).open).toBe(2);
    // Whichever of the two it was no longer works; the other still does.
    const answers = await Promise.all([me.other, third].map((c) => get('/api/security/sessions', c)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/security/sessions/sign-out-others',
      headers: { cookie: me.cookie },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ ended: 1 });
    expectError(await get('/api/security/sessions', me.other), 401);
    expectError(await get('/api/security/sessions', third), 401);
    expect((await sessionsOf(me.cookie)).open).toBe(1);
    expect((await events(me.cookie, '?type=session_revoked')).events.map((e) => e.details)).toEqual([
      'others:1',
      'Unknown device',
    ]);
    // The stranger's sessions are untouched.
    expect(await t.db.$count(sessions, eq(sessions.user_id, stranger.id))).toBe(2);
  });

  it('refuses to sign out every other session of a shared demo account (its other sessions are other visitors’)', async () => {
    const cookie = await demoSignIn('coordinator');
    const visitor = await demoSignIn('coordinator');
    const list = await sessionsOf(cookie);
    expect(list.shared_account).toBe(true);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/security/sessions/sign-out-others',
        headers: { cookie },
      }),
      403,
      'demo_account',
    );
    expect((await get('/api/security/sessions', visitor)).statusCode).toBe(200);
  });

  it('refuses anonymous callers (401) and bad input (400) without writing anything', async () => {
    for (const url of [
      '/api/security/overview',
      '/api/security/events',
      '/api/security/events/export',
      '/api/security/sessions',
    ]) {
      expectError(await get(url), 401, 'unauthorized');
    }
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/security/sessions/1' }), 401);
    expectError(await t.app.inject({ method: 'POST', url: '/api/security/sessions/sign-out-others' }), 401);

    const me = await person();
    const eventsBefore = await count(t.db, 'security_events');
    const sessionsBefore = await count(t.db, 'sessions');
    for (const query of ['?type=password_reset', '?status=maybe', '?scope=everyone', '?page=0']) {
      const error = expectError(await get(`/api/security/events${query}`, me.cookie), 400, 'bad_request');
      expect(Object.keys(error.fields ?? {})).toHaveLength(1);
    }
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/security/sessions/abc',
        headers: { cookie: me.cookie },
      }),
      400,
      'bad_request',
    );
    // A key without a name: refused, so no key and no event.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/developer/keys',
        headers: { cookie: await t.sessionFor(await insertUser(t.db, 'admin')) },
        payload: { name: '', scopes: ['read:products'] },
      }),
      400,
      'bad_request',
    );
    expect(await count(t.db, 'security_events')).toBe(eventsBefore);
    expect(await count(t.db, 'sessions')).toBe(sessionsBefore + 1);
  });

  it('records a role change on the profile, and nothing when the role stays', async () => {
    const me = await person();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: me.cookie },
      payload: { role: 'trader' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await events(me.cookie, '?type=role_change')).events.map((e) => e.details)).toEqual([
      'retailer>trader',
    ]);
    // A save that changes no role records nothing.
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie: me.cookie },
      payload: { city: 'Soweto' },
    });
    expect((await events(me.cookie)).events).toHaveLength(1);
  });

  it('names the measures the configuration really has, scores them and keeps events 90 days', async () => {
    const me = await person();
    const overview = (await get('/api/security/overview', me.cookie)).json() as SecurityOverview;
    const byId = Object.fromEntries(overview.measures.map((m) => [m.id, m]));
    // This test app: http, demo sign-in on, an OpenID Connect issuer set.
    expect(byId.https_cookies).toMatchObject({ enabled: false, setting: 'PUBLIC_URL' });
    expect(byId.demo_sign_in_off).toMatchObject({ enabled: false, setting: 'DEMO_LOGIN' });
    expect(byId.single_sign_on).toMatchObject({ enabled: true, setting: 'OIDC_ISSUER' });
    expect(byId.api_keys_hashed).toMatchObject({ enabled: true, setting: null });
    const enabled = overview.measures.filter((m) => m.enabled).length;
    expect(overview.score).toBe(Math.round((enabled / overview.measures.length) * 100));
    expect(overview.event_days).toBe(SECURITY_EVENT_DAYS);
    expect(overview.register.map((r) => r.id)).toContain('security');

    const old = new Date(Date.now() - (SECURITY_EVENT_DAYS + 1) * DAY);
    await t.db
      .insert(securityEvents)
      .values({ user_id: me.id, type: 'login', status: 'success', device: 'Old', created_at: old });
    await t.db
      .insert(securityEvents)
      .values({ user_id: me.id, type: 'login', status: 'success', device: 'Recent' });
    await t.db.transaction((tx) => pruneSecurityEvents(tx, new Date()));
    expect((await events(me.cookie)).events.map((e) => e.device)).toEqual(['Recent']);
  });

  it('a demo restore takes visitors’ events off the shared demo accounts', async () => {
    await demoSignIn('distributor');
    const before = await t.demoUserId('distributor');
    expect(await t.db.$count(securityEvents, eq(securityEvents.user_id, before))).toBeGreaterThan(0);
    await t.db.transaction((tx) => restoreDemo(tx, new Date()));
    const after = await t.demoUserId('distributor');
    expect(await t.db.$count(securityEvents, eq(securityEvents.user_id, after))).toBe(0);
  });
});

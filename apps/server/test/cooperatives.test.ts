import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  cooperativeSchema,
  DEFAULT_MINIMUM_MEMBERS,
  membershipSchema,
  type Cooperative,
  type Membership,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { outsider, seededCoops } from './support/cooperatives.ts';

describe('cooperatives', () => {
  let t: TestApp;
  let retailer: string;
  let coops: Awaited<ReturnType<typeof seededCoops>>;

  beforeAll(async () => {
    t = await createTestApp();
    retailer = await t.login('retailer');
    coops = await seededCoops(t.db);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = retailer) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie = retailer) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

  it('lists active, then pending, then inactive cooperatives, by name, bounded', async () => {
    const response = await get('/api/cooperatives');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Cooperative[];
    for (const c of list) cooperativeSchema.parse(c);
    const rank = { active: 0, pending: 1, inactive: 2 };
    const keys = list.map((c) => [rank[c.status], c.name] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1], 'en'));
    expect(keys).toEqual(sorted);
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['active', 'pending', 'inactive']));
    expect(list.length).toBeLessThanOrEqual(100);
  });

  it('filters by status and search', async () => {
    const pending = (await get('/api/cooperatives?status=pending')).json() as Cooperative[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((c) => c.status === 'pending')).toBe(true);
    const kzn = (await get('/api/cooperatives?search=kwazulu')).json() as Cooperative[];
    expect(kzn.map((c) => c.id)).toEqual([coops.umlazi]);
    expectError(await get('/api/cooperatives?status=dormant'), 400, 'bad_request');
  });

  it('shows one cooperative, 404 for an unknown one', async () => {
    const response = await get(`/api/cooperatives/${coops.soweto}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: coops.soweto, name: 'Soweto Spaza Buying Group' });
    expectError(await get('/api/cooperatives/999999'), 404, 'coop.not_found');
  });

  it("lists the caller's memberships", async () => {
    const response = await get('/api/cooperatives/my-memberships');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Membership[];
    for (const m of list) membershipSchema.parse(m);
    expect(list.map((m) => m.coop_id).sort()).toEqual([coops.soweto, coops.umlazi].sort());
    expect(list.every((m) => m.voting_rights && m.share_amount > 0)).toBe(true);
  });

  it('joins an active cooperative once: a unique number, voting rights, the count raised', async () => {
    const user = await outsider(t);
    const before = ((await get(`/api/cooperatives/${coops.khayelitsha}`)).json() as Cooperative)
      .current_members;
    const response = await post('/api/cooperatives/join', { coop_id: coops.khayelitsha }, user.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { cooperative: Cooperative; membership: Membership };
    expect(body.cooperative.current_members).toBe(before + 1);
    expect(body.membership).toMatchObject({
      coop_id: coops.khayelitsha,
      voting_rights: true,
      share_amount: 500,
    });
    expect(body.membership.is_coordinator).toBe(false);
    const numbers = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from cooperative_memberships where membership_number = ${body.membership.membership_number}`,
      ),
    );
    expect(numbers[0]!.n).toBe(1);
    const mine = (await get('/api/cooperatives/my-memberships', user.cookie)).json() as Membership[];
    expect(mine.map((m) => m.coop_id)).toEqual([coops.khayelitsha]);

    const again = await post('/api/cooperatives/join', { coop_id: coops.khayelitsha }, user.cookie);
    expectError(again, 409, 'coop.already_member');
    expect(
      ((await get(`/api/cooperatives/${coops.khayelitsha}`)).json() as Cooperative).current_members,
    ).toBe(before + 1);
  });

  it('refuses to join an inactive cooperative (409) and an unknown one (404), writing nothing', async () => {
    const user = await outsider(t);
    const before = await count(t.db, 'cooperative_memberships');
    expectError(
      await post('/api/cooperatives/join', { coop_id: coops.seshego }, user.cookie),
      409,
      'coop.not_accepting_members',
    );
    expectError(
      await post('/api/cooperatives/join', { coop_id: 999999 }, user.cookie),
      404,
      'coop.not_found',
    );
    expectError(await post('/api/cooperatives/join', { coop_id: 'x' }, user.cookie), 400, 'bad_request');
    expect(await count(t.db, 'cooperative_memberships')).toBe(before);
  });

  it('activates a pending cooperative when a founding member brings it to its minimum', async () => {
    const coop = (await get(`/api/cooperatives/${coops.tembisa}`)).json() as Cooperative;
    expect(coop.status).toBe('pending');
    const missing = coop.minimum_members - coop.current_members;
    expect(missing).toBeGreaterThan(1);
    const joiners = await Promise.all(Array.from({ length: missing }, () => outsider(t)));
    const statuses: string[] = [];
    for (const joiner of joiners) {
      const response = await post('/api/cooperatives/join', { coop_id: coops.tembisa }, joiner.cookie);
      expect(response.statusCode, response.body).toBe(201);
      statuses.push((response.json() as { cooperative: Cooperative }).cooperative.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 'pending')).toBe(true);
    expect(statuses.at(-1)).toBe('active');
    const after = (await get(`/api/cooperatives/${coops.tembisa}`)).json() as Cooperative;
    expect(after).toMatchObject({ status: 'active', current_members: coop.minimum_members });
  });

  it('concurrent joins each count exactly once', async () => {
    const before = ((await get(`/api/cooperatives/${coops.khayelitsha}`)).json() as Cooperative)
      .current_members;
    const joiners = await Promise.all(Array.from({ length: 12 }, () => outsider(t)));
    const responses = await Promise.all(
      joiners.map((j) => post('/api/cooperatives/join', { coop_id: coops.khayelitsha }, j.cookie)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(joiners.map(() => 201));
    const after = ((await get(`/api/cooperatives/${coops.khayelitsha}`)).json() as Cooperative)
      .current_members;
    expect(after).toBe(before + 12);
    expect(after).toBe(await count(t.db, 'cooperative_memberships', sql`coop_id = ${coops.khayelitsha}`));
  });

  it('registers a pending cooperative with its founder as first member and coordinator', async () => {
    const founder = await outsider(t);
    const response = await post(
      '/api/cooperatives',
      {
        name: 'Alexandra Hawkers Circle',
        description: 'Hawkers on 8th Avenue',
        area: 'Alexandra',
        province: 'Gauteng',
      },
      founder.cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { cooperative: Cooperative; membership: Membership };
    expect(body.cooperative).toMatchObject({
      name: 'Alexandra Hawkers Circle',
      status: 'pending',
      current_members: 1,
      minimum_members: DEFAULT_MINIMUM_MEMBERS,
    });
    expect(body.membership).toMatchObject({
      coop_id: body.cooperative.id,
      is_coordinator: true,
      voting_rights: true,
    });
    // A second founder cannot take the same name.
    const other = await outsider(t);
    const clash = await post(
      '/api/cooperatives',
      { name: 'Alexandra Hawkers Circle', area: 'Alexandra', province: 'Gauteng' },
      other.cookie,
    );
    const taken = expectError(clash, 409, 'coop.name_taken');
    // The form shows it under the name.
    expect(taken.field_codes).toEqual({ name: { code: 'validation.name_taken' } });
    // ... and a founding member can join it.
    const joined = await post('/api/cooperatives/join', { coop_id: body.cooperative.id }, other.cookie);
    expect(joined.statusCode).toBe(201);
    expect((joined.json() as { cooperative: Cooperative }).cooperative).toMatchObject({
      status: 'pending',
      current_members: 2,
    });
  });

  it('refuses a bad registration with 400 and writes nothing', async () => {
    const founder = await outsider(t);
    const coopsBefore = await count(t.db, 'cooperatives');
    const membersBefore = await count(t.db, 'cooperative_memberships');
    const response = await post(
      '/api/cooperatives',
      { name: 'X', area: '', province: 'Gauteng' },
      founder.cookie,
    );
    const error = expectError(response, 400, 'bad_request');
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['name', 'area']));
    expect(error.field_codes).toMatchObject({
      name: { code: 'validation.required' },
      area: { code: 'validation.required' },
    });
    expect(await count(t.db, 'cooperatives')).toBe(coopsBefore);
    expect(await count(t.db, 'cooperative_memberships')).toBe(membersBefore);
  });
});

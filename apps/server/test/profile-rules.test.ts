import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { insertUser } from './support/marketplace.ts';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';

/** Issue 8 finding 6: shared demo accounts keep their role, and a profile save changes only what it sends. */
describe('profile rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const put = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', payload, headers: { cookie } });

  it('refuses a demo admin who changes its own role (403 demo_account) and changes nothing', async () => {
    const adminId = await t.demoUserId('admin');
    const cookie = await t.login('admin');
    const before = await row(adminId);
    const error = expectError(
      await put(cookie, { name: before.name, role: 'retailer' }),
      403,
      'demo_account',
    );
    expect(error.fields).toHaveProperty('role');
    expect(await row(adminId)).toEqual(before);
    // The same account may still save its other fields with its own role.
    const ok = await put(cookie, { name: before.name, role: 'admin', city: 'Polokwane' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await row(adminId)).role).toBe('admin');
  });

  it.each(['retailer', 'coordinator', 'supplier'] as const)(
    'refuses the demo %s a role change and writes nothing',
    async (role) => {
      const id = await t.demoUserId(role);
      const cookie = await t.login(role);
      const before = await row(id);
      const other = role === 'retailer' ? 'trader' : 'retailer';
      expectError(await put(cookie, { role: other }), 403, 'demo_account');
      expect(await row(id)).toEqual(before);
    },
  );

  it('lets a real account change among the roles it may choose', async () => {
    const id = await insertUser(t.db, 'retailer');
    const response = await put(await t.sessionFor(id), { name: 'Sipho Dlamini', role: 'trader' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await row(id)).role).toBe('trader');
  });

  it('a save changes only the fields it sends (a partial update never nulls the others)', async () => {
    const id = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(id);
    const full = {
      name: 'Ayanda Zulu',
      role: 'retailer',
      phone: '+27 82 555 0101',
      company_name: 'Ayanda General',
      gst_number: '4999999999',
      address: '4 Vilakazi Street',
      city: 'Soweto',
      state: 'Gauteng',
      pincode: '1804',
      whatsapp_number: '+27 82 555 0102',
      business_type: 'spaza_shop',
      years_in_business: 9,
    };
    expect((await put(cookie, full)).statusCode).toBe(200);
    const response = await put(cookie, { city: 'Johannesburg' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...full, city: 'Johannesburg' });
    expect(await row(id)).toMatchObject({ ...full, city: 'Johannesburg' });
    // Sending a field empty still clears it.
    const cleared = await put(cookie, { gst_number: '' });
    expect(cleared.json()).toMatchObject({ ...full, city: 'Johannesburg', gst_number: null });
  });

  it('answers 400 for an empty save or a blank name and writes nothing', async () => {
    const id = await insertUser(t.db, 'retailer');
    const cookie = await t.sessionFor(id);
    const before = await row(id);
    expectError(await put(cookie, {}), 400, 'bad_request');
    expect(expectError(await put(cookie, { name: '  ' }), 400, 'bad_request').fields).toHaveProperty('name');
    expect(await row(id)).toEqual(before);
  });
});

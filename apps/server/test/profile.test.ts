import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { insertUser } from './support/marketplace.ts';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';

const fullProfile = {
  name: 'Thandi Mokoena-Dube',
  role: 'trader',
  phone: '+27 82 555 0199',
  company_name: 'Thandi Fresh & Spaza',
  gst_number: '4123456789',
  address: '12 Khumalo Street, Orlando East',
  city: 'Johannesburg',
  state: 'Gauteng',
  pincode: '1804',
  whatsapp_number: '+27 82 555 0198',
  business_type: 'convenience_store',
  years_in_business: 7,
};

describe('PUT /api/users/profile', () => {
  let t: TestApp;
  let retailer: string;
  let retailerId: number;
  let adminId: number;
  // A real (non-demo) retailer: shared demo accounts keep their role (see profile-rules.test.ts).
  beforeAll(async () => {
    t = await createTestApp();
    retailerId = await insertUser(t.db, 'retailer');
    retailer = await t.sessionFor(retailerId);
    adminId = await t.demoUserId('admin');
  });
  afterAll(() => t.close());

  const userRow = async (who: 'retailer' | 'admin') => {
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, who === 'retailer' ? retailerId : adminId));
    return row!;
  };
  const put = (cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/users/profile', payload, headers: cookie ? { cookie } : {} });

  it('refuses an anonymous caller and changes nothing', async () => {
    const before = await userRow('retailer');
    expectError(await put(undefined, fullProfile), 401, 'unauthorized');
    expect(await userRow('retailer')).toEqual(before);
  });

  it.each([51, -1, 2.5])('answers 400 naming years_in_business for %s and writes nothing', async (years) => {
    const before = await userRow('retailer');
    const error = expectError(
      await put(retailer, { ...fullProfile, years_in_business: years }),
      400,
      'bad_request',
    );
    expect(error.fields).toHaveProperty('years_in_business');
    expect(await userRow('retailer')).toEqual(before);
  });

  it('answers 400 for a blank name and writes nothing (a save without a name keeps the name)', async () => {
    const before = await userRow('retailer');
    const error = expectError(await put(retailer, { ...fullProfile, name: '' }), 400, 'bad_request');
    expect(error.fields).toHaveProperty('name');
    const blank = expectError(await put(retailer, { ...fullProfile, name: '   ' }), 400, 'bad_request');
    expect(blank.fields).toHaveProperty('name');
    expect(await userRow('retailer')).toEqual(before);
  });

  it.each(['admin', 'sales_rep', 'field_manager', 'business_dev_manager'])(
    'answers 403 when a retailer asks for the role %s and writes nothing',
    async (role) => {
      const before = await userRow('retailer');
      const error = expectError(
        await put(retailer, { ...fullProfile, role }),
        403,
        'profile.role_not_allowed',
      );
      expect(error.params).toEqual({ role });
      expect(await userRow('retailer')).toEqual(before);
    },
  );

  it('saves every field of the profile and returns the user; /api/users/me shows them', async () => {
    const before = await userRow('retailer');
    const response = await put(retailer, fullProfile);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ...fullProfile, email: before.email, id: before.id });

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: retailer } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject(fullProfile);

    const after = await userRow('retailer');
    expect(after).toMatchObject(fullProfile);
    expect(after.email).toBe(before.email);
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('clears optional fields sent empty', async () => {
    const response = await put(retailer, {
      ...fullProfile,
      role: 'retailer',
      gst_number: '',
      years_in_business: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ role: 'retailer', gst_number: null, years_in_business: null });
    expect(await userRow('retailer')).toMatchObject({ gst_number: null, years_in_business: null });
  });

  it('lets an admin save with the role admin unchanged', async () => {
    const admin = await t.login('admin');
    const response = await put(admin, { name: 'Lerato Molefe', role: 'admin', city: 'Pretoria' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin', name: 'Lerato Molefe', city: 'Pretoria' });
    expect((await userRow('admin')).role).toBe('admin');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  crmActivitySchema,
  CLIENT_PAGE_MAX,
  CLIENT_PAGE_SIZE,
  CLIENT_PAGE_SIZE_MAX,
  crmClientDetailSchema,
  crmClientListSchema,
  crmClientSchema,
  crmSummarySchema,
  monthOf,
  monthRange,
  salesTargetListSchema,
  salesTargetSchema,
  type CrmActivity,
  type CrmClient,
  type CrmClientDetail,
  type CrmSummary,
  type SalesTarget,
  type SalesTargetList,
} from '@tt/domain';
import { crmActivities, crmClients, crmSalesTargets } from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('CRM (spec 3 §2-§7, DECISIONS 5-7, 11, 12)', () => {
  let t: TestApp;
  /** The demo sales rep with the seeded book. */
  let demoRep: string;
  let demoRepId: number;
  /** Two fresh reps with nothing of their own, a manager and a retailer. */
  let repA: string;
  let repAId: number;
  let repB: string;
  let repBId: number;
  let manager: string;
  let managerId: number;
  let retailer: string;

  beforeAll(async () => {
    t = await createTestApp();
    demoRep = await t.login('sales_rep');
    demoRepId = await t.demoUserId('sales_rep');
    repAId = await insertUser(t.db, 'sales_rep', 'Rep Alpha');
    repBId = await insertUser(t.db, 'sales_rep', 'Rep Bravo');
    managerId = await insertUser(t.db, 'field_manager', 'Manager Mpho');
    [repA, repB, manager, retailer] = await Promise.all([
      t.sessionFor(repAId),
      t.sessionFor(repBId),
      t.sessionFor(managerId),
      t.login('retailer'),
    ]);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (url: string, cookie?: string) => send('GET', url, cookie);
  const clientsOf = async (cookie: string, query = '') => {
    const response = await get(`/api/crm/clients${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return crmClientListSchema.parse(response.json()).clients;
  };
  const addClient = async (cookie: string, over: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/crm/clients', cookie, {
      client_name: `Client ${Math.random().toString(36).slice(2, 8)}`,
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return crmClientSchema.parse(response.json());
  };
  const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  describe('GET /api/crm/clients', () => {
    it("answers a rep their own clients only, and a manager everyone's", async () => {
      const mine = await clientsOf(demoRep);
      expect(mine.length).toBe(6);
      expect(mine.every((c) => c.owner_id === demoRepId)).toBe(true);
      expect(
        mine.map((c) => c.client_phone).every((p) => p === null || /^\+27 \d\d \d{3} \d{4}$/.test(p)),
      ).toBe(true);
      const own = await addClient(repA, { client_name: 'Alpha Spaza' });
      expect(await clientsOf(repA)).toEqual([own]);
      expect((await clientsOf(repB)).length).toBe(0);
      const all = await clientsOf(manager);
      expect(all.some((c) => c.id === own.id)).toBe(true);
      expect(all.some((c) => c.owner_id === demoRepId)).toBe(true);
      // Admins and coordinators manage too; the shared demo admin only the demo world's reps' clients.
      const admin = await t.sessionFor(await insertUser(t.db, 'admin'));
      expect((await clientsOf(admin)).some((c) => c.id === own.id)).toBe(true);
      const demoAdmin = await clientsOf(await t.login('admin'));
      expect(demoAdmin.some((c) => c.id === own.id)).toBe(false);
      expect(demoAdmin.some((c) => c.owner_id === demoRepId)).toBe(true);
    });

    it('searches name, company, e-mail and phone digits, and filters by type and status', async () => {
      expect((await clientsOf(demoRep, '?search=butchery')).map((c) => c.client_name)).toEqual([
        'Kabelo Molefe',
      ]);
      expect((await clientsOf(demoRep, '?search=0765550713')).map((c) => c.client_name)).toEqual([
        'Kabelo Molefe',
      ]);
      expect((await clientsOf(demoRep, '?search=SELEKE.CO')).map((c) => c.client_name)).toEqual([
        'Dimakatso Seleke',
      ]);
      const customers = await clientsOf(demoRep, '?client_type=customer');
      expect(customers.length).toBe(3);
      expect(customers.every((c) => c.client_type === 'customer')).toBe(true);
      expect((await clientsOf(demoRep, '?client_type=lead&status=lost')).map((c) => c.client_name)).toEqual([
        'Tebogo Nkwe',
      ]);
      // A LIKE wildcard is searched for as itself.
      expect(await clientsOf(demoRep, '?search=%25')).toEqual([]);
    });

    it('answers a page at a time, most recently changed first, with the count over all pages', async () => {
      const repCId = await insertUser(t.db, 'sales_rep', 'Rep Charlie');
      const repC = await t.sessionFor(repCId);
      const made: number[] = [];
      for (let i = 0; i < CLIENT_PAGE_SIZE + 3; i += 1) {
        made.push((await addClient(repC, { client_name: `Paged Client ${i}` })).id);
      }
      const list = async (query: string, cookie = repC) => {
        const response = await get(`/api/crm/clients?${query}`, cookie);
        expect(response.statusCode, response.body).toBe(200);
        return crmClientListSchema.parse(response.json());
      };
      const first = await list('page=1');
      const second = await list('page=2');
      expect(first).toMatchObject({ matching: made.length, page: 1, page_size: CLIENT_PAGE_SIZE });
      expect(first.clients).toHaveLength(CLIENT_PAGE_SIZE);
      expect(second).toMatchObject({ matching: made.length, page: 2 });
      // Newest first, and the pages together are every client once.
      expect([...first.clients, ...second.clients].map((c) => c.id)).toEqual([...made].reverse());
      expect((await list('page=3')).clients).toEqual([]);
      // A bigger page (the activity form's picker), and a search that narrows the count over all pages.
      expect((await list(`page_size=${CLIENT_PAGE_SIZE_MAX}`)).clients).toHaveLength(made.length);
      expect(await list('search=paged%20client%201&page_size=5')).toMatchObject({ matching: 11 }); // 1, 10-19
      // Nobody else's on any page; a manager's count has them.
      expect(
        (await list(`page_size=${CLIENT_PAGE_SIZE_MAX}`, repA)).clients.some((c) => made.includes(c.id)),
      ).toBe(false);
      expect((await list('search=paged%20client', manager)).matching).toBe(made.length);
      for (const bad of [
        'page=0',
        'page=1.5',
        'page=two',
        `page=${CLIENT_PAGE_MAX + 1}`,
        'page_size=0',
        `page_size=${CLIENT_PAGE_SIZE_MAX + 1}`,
      ]) {
        expectError(await get(`/api/crm/clients?${bad}`, repC), 400);
      }
    });

    it('refuses anonymous callers (401), other roles (403) and a bad filter (400)', async () => {
      expectError(await get('/api/crm/clients'), 401, 'unauthorized');
      expectError(await get('/api/crm/clients', retailer), 403, 'crm.sales_only');
      expectError(await get('/api/crm/clients', await t.login('supplier')), 403, 'crm.sales_only');
      const bad = expectError(await get('/api/crm/clients?client_type=vip', demoRep), 400);
      expect(Object.keys(bad.field_codes ?? {})).toContain('client_type');
    });
  });

  describe('POST /api/crm/clients', () => {
    it('adds a client owned by the caller, with the phone in the one form and the e-mail in lower case', async () => {
      const client = await addClient(repA, {
        client_name: '  Mama Joyce ',
        company_name: "Joyce's Tuck Shop",
        client_email: 'Joyce@Example.CO.ZA',
        client_phone: '082-555-0199',
        address: '12 Vilakazi Street',
        client_type: 'lead',
        client_value: 1234.5,
        notes: 'Call after 10',
      });
      expect(client).toMatchObject({
        owner_id: repAId,
        owner_name: 'Rep Alpha',
        client_name: 'Mama Joyce',
        client_email: 'joyce@example.co.za',
        client_phone: '+27 82 555 0199',
        client_type: 'lead',
        status: 'open',
        client_value: 1234.5,
        won_at: null,
        last_activity_at: null,
      });
      const [row] = await t.db.select().from(crmClients).where(eq(crmClients.id, client.id));
      expect(row?.client_value_cents).toBe(123450);
    });

    it('a client added as won counts from now', async () => {
      const client = await addClient(repA, { status: 'won', client_value: 10 });
      expect(client.won_at).not.toBeNull();
    });

    it('refuses a missing name, a bad e-mail, a foreign phone and a bad value with 400, writing nothing', async () => {
      const before = await count(t.db, 'crm_clients');
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'client_name', 'validation.required'],
        [{ client_name: '   ' }, 'client_name', 'validation.required'],
        [{ client_name: 'A', client_email: 'not-an-email' }, 'client_email', 'validation.email'],
        [{ client_name: 'A', client_phone: '+44 20 7946 0958' }, 'client_phone', 'validation.sa_phone'],
        [{ client_name: 'A', client_phone: '12345' }, 'client_phone', 'validation.sa_phone'],
        [{ client_name: 'A', client_value: -1 }, 'client_value', 'validation.too_small'],
        [{ client_name: 'A', client_value: 1.005 }, 'client_value', 'validation.decimals'],
        [{ client_name: 'A', client_type: 'vip' }, 'client_type', 'validation.invalid_option'],
      ];
      for (const [payload, fieldName, code] of cases) {
        const error = expectError(await send('POST', '/api/crm/clients', repA, payload), 400);
        expect(error.field_codes?.[fieldName]?.code, JSON.stringify(payload)).toBe(code);
      }
      expect(await count(t.db, 'crm_clients')).toBe(before);
    });

    it('refuses anonymous callers (401) and a retailer (403), writing nothing', async () => {
      const before = await count(t.db, 'crm_clients');
      expectError(await send('POST', '/api/crm/clients', undefined, { client_name: 'X' }), 401);
      expectError(
        await send('POST', '/api/crm/clients', retailer, { client_name: 'X' }),
        403,
        'crm.sales_only',
      );
      expect(await count(t.db, 'crm_clients')).toBe(before);
    });
  });

  describe('GET /api/crm/clients/:id', () => {
    it('shows the client with its activities, latest first', async () => {
      const [client] = await clientsOf(demoRep, '?search=Mokgosi');
      const response = await get(`/api/crm/clients/${client!.id}`, demoRep);
      expect(response.statusCode, response.body).toBe(200);
      const detail = crmClientDetailSchema.parse(response.json() as CrmClientDetail);
      expect(detail.activities.length).toBe(3);
      const dates = detail.activities.map((a) => a.activity_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(detail.last_activity_at).not.toBeNull();
      // A manager may open it too.
      expect((await get(`/api/crm/clients/${client!.id}`, manager)).statusCode).toBe(200);
    });

    it("another rep's client does not exist for a rep (404); 401, 403 and 400 as usual", async () => {
      const [client] = await clientsOf(demoRep);
      expectError(await get(`/api/crm/clients/${client!.id}`, repB), 404, 'crm.client_not_found');
      expectError(await get(`/api/crm/clients/${client!.id}`), 401);
      expectError(await get(`/api/crm/clients/${client!.id}`, retailer), 403, 'crm.sales_only');
      expectError(await get('/api/crm/clients/abc', demoRep), 400);
      expectError(await get('/api/crm/clients/2147483647', demoRep), 404, 'crm.client_not_found');
    });
  });

  describe('PUT /api/crm/clients/:id', () => {
    it('edits a client; won stamps the moment once, leaving won clears it', async () => {
      const client = await addClient(repA, { client_name: 'Edit me', client_value: 500 });
      const put = (payload: object) => send('PUT', `/api/crm/clients/${client.id}`, repA, payload);
      const won = await put({
        client_name: 'Edited',
        client_type: 'customer',
        status: 'won',
        client_value: 750,
      });
      expect(won.statusCode, won.body).toBe(200);
      const first = crmClientSchema.parse(won.json());
      expect(first).toMatchObject({
        client_name: 'Edited',
        status: 'won',
        client_value: 750,
        owner_id: repAId,
      });
      expect(first.won_at).not.toBeNull();
      const again = crmClientSchema.parse(
        (await put({ client_name: 'Edited again', status: 'won', client_value: 750 })).json(),
      );
      expect(again.won_at).toBe(first.won_at);
      const reopened = crmClientSchema.parse((await put({ client_name: 'Edited', status: 'open' })).json());
      expect(reopened.won_at).toBeNull();
      // A manager may edit a rep's client; the owner stays.
      const byManager = await send('PUT', `/api/crm/clients/${client.id}`, manager, {
        client_name: 'By manager',
      });
      expect(byManager.statusCode, byManager.body).toBe(200);
      expect((byManager.json() as CrmClient).owner_id).toBe(repAId);
    });

    it("a rep cannot change another rep's client (404), and nothing changes", async () => {
      const client = await addClient(repA, { client_name: 'Not yours', client_value: 100 });
      expectError(
        await send('PUT', `/api/crm/clients/${client.id}`, repB, { client_name: 'Taken', status: 'won' }),
        404,
        'crm.client_not_found',
      );
      const [row] = await t.db.select().from(crmClients).where(eq(crmClients.id, client.id));
      expect(row).toMatchObject({ client_name: 'Not yours', status: 'open', owner_id: repAId });
    });

    it('refuses 401, 403 and 400 with nothing written', async () => {
      const client = await addClient(repA, { client_name: 'Stays', client_phone: '0825550100' });
      const url = `/api/crm/clients/${client.id}`;
      expectError(await send('PUT', url, undefined, { client_name: 'X' }), 401);
      expectError(await send('PUT', url, retailer, { client_name: 'X' }), 403, 'crm.sales_only');
      const error = expectError(
        await send('PUT', url, repA, { client_name: 'X', client_phone: '+1 555 0100' }),
        400,
      );
      expect(error.field_codes?.client_phone?.code).toBe('validation.sa_phone');
      expectError(await send('PUT', url, repA, { client_name: '' }), 400);
      const [row] = await t.db.select().from(crmClients).where(eq(crmClients.id, client.id));
      expect(row).toMatchObject({ client_name: 'Stays', client_phone: '+27 82 555 0100' });
    });
  });

  describe('activities', () => {
    it('logs an activity on an own client; it shows in the client, the list and the upcoming list', async () => {
      const client = await addClient(repA, { client_name: 'Activity shop' });
      const response = await send('POST', '/api/crm/activities', repA, {
        client_id: client.id,
        activity_type: 'meeting',
        subject: 'Stock take',
        description: 'Bring the price list',
        activity_date: soon(1),
      });
      expect(response.statusCode, response.body).toBe(201);
      const activity = crmActivitySchema.parse(response.json());
      expect(activity).toMatchObject({
        client_id: client.id,
        client_name: 'Activity shop',
        activity_type: 'meeting',
        created_by_name: 'Rep Alpha',
      });
      const list = (await get('/api/crm/activities', repA)).json() as CrmActivity[];
      expect(list.map((a) => a.id)).toContain(activity.id);
      const upcoming = (await get('/api/crm/activities?upcoming=true', repA)).json() as CrmActivity[];
      expect(upcoming[0]?.id).toBe(activity.id);
      const detail = (await get(`/api/crm/clients/${client.id}`, repA)).json() as CrmClientDetail;
      expect(detail.activities.map((a) => a.id)).toEqual([activity.id]);
      // Every type is accepted.
      for (const type of ['call', 'email', 'other']) {
        const logged = await send('POST', '/api/crm/activities', repA, {
          client_id: client.id,
          activity_type: type,
          subject: `A ${type}`,
          activity_date: soon(-1),
        });
        expect(logged.statusCode, logged.body).toBe(201);
      }
    });

    it("lists only activities on the caller's clients; upcoming ones soonest first", async () => {
      const mine = (await get('/api/crm/activities?limit=100', demoRep)).json() as CrmActivity[];
      expect(mine.length).toBe(11);
      const upcoming = (await get('/api/crm/activities?upcoming=true', demoRep)).json() as CrmActivity[];
      expect(upcoming.length).toBe(6);
      const dates = upcoming.map((a) => a.activity_date);
      expect([...dates].sort()).toEqual(dates);
      expect(dates.every((d) => d >= new Date().toISOString().slice(0, 10))).toBe(true);
      expect(((await get('/api/crm/activities', repB)).json() as CrmActivity[]).length).toBe(0);
      const all = (await get('/api/crm/activities?limit=100', manager)).json() as CrmActivity[];
      expect(all.length).toBeGreaterThanOrEqual(mine.length);
      const [client] = await clientsOf(demoRep, '?search=Mokgosi');
      const forClient = (
        await get(`/api/crm/activities?client_id=${client!.id}`, demoRep)
      ).json() as CrmActivity[];
      expect(forClient.length).toBe(3);
      // Naming another rep's client answers nothing of it.
      expect(
        ((await get(`/api/crm/activities?client_id=${client!.id}`, repB)).json() as CrmActivity[]).length,
      ).toBe(0);
    });

    it("a rep cannot log an activity on another rep's client (404), writing nothing", async () => {
      const [client] = await clientsOf(demoRep);
      const before = await count(t.db, 'crm_activities');
      expectError(
        await send('POST', '/api/crm/activities', repB, {
          client_id: client!.id,
          activity_type: 'call',
          subject: 'Poach',
          activity_date: soon(1),
        }),
        404,
        'crm.client_not_found',
      );
      expect(await count(t.db, 'crm_activities')).toBe(before);
    });

    it('a manager logs on any client, under their own name', async () => {
      const [client] = await clientsOf(demoRep);
      const response = await send('POST', '/api/crm/activities', manager, {
        client_id: client!.id,
        activity_type: 'call',
        subject: 'Manager check-in',
        activity_date: soon(-2),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect((response.json() as CrmActivity).created_by_name).toBe('Manager Mpho');
      await t.db.delete(crmActivities).where(eq(crmActivities.id, (response.json() as CrmActivity).id));
    });

    it('refuses 401, 403 and 400 (type, subject, date) with nothing written', async () => {
      const client = await addClient(repA);
      const before = await count(t.db, 'crm_activities');
      const valid = { client_id: client.id, activity_type: 'call', subject: 'Hi', activity_date: soon(1) };
      expectError(await send('POST', '/api/crm/activities', undefined, valid), 401);
      expectError(await send('POST', '/api/crm/activities', retailer, valid), 403, 'crm.sales_only');
      expectError(await get('/api/crm/activities'), 401);
      expectError(await get('/api/crm/activities', retailer), 403, 'crm.sales_only');
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, activity_type: 'fax' }, 'activity_type'],
        [{ ...valid, subject: ' ' }, 'subject'],
        [{ ...valid, activity_date: 'tomorrow' }, 'activity_date'],
        [{ ...valid, client_id: 'x' }, 'client_id'],
      ];
      for (const [payload, fieldName] of cases) {
        const error = expectError(await send('POST', '/api/crm/activities', repA, payload), 400);
        expect(Object.keys(error.field_codes ?? {}), fieldName).toContain(fieldName);
      }
      expectError(await get('/api/crm/activities?upcoming=maybe', repA), 400);
      expect(await count(t.db, 'crm_activities')).toBe(before);
    });
  });

  describe('GET /api/crm/summary', () => {
    it('computes the cards, the next five activities and the five top clients from the data', async () => {
      const response = await get('/api/crm/summary', demoRep);
      expect(response.statusCode, response.body).toBe(200);
      const summary = crmSummarySchema.parse(response.json() as CrmSummary);
      expect(summary).toMatchObject({
        scope: 'own',
        month: monthOf(new Date()),
        total_clients: 6,
        customers: 3,
        // Open: the butchery (R65 000) and the mini market (R35 000).
        pipeline_value: 100_000,
        // Won this month: R48 500 + R22 000 (the salon was won last month).
        won_this_month: 70_500,
      });
      expect(summary.upcoming_activities.length).toBe(5);
      expect(summary.top_clients.map((c) => c.client_value)).toEqual([
        65_000, 48_500, 35_000, 22_000, 18_500,
      ]);
      const activities = await t.db
        .select()
        .from(crmActivities)
        .innerJoin(crmClients, eq(crmClients.id, crmActivities.client_id))
        .where(eq(crmClients.owner_id, demoRepId));
      const { start, end } = monthRange(summary.month);
      expect(summary.activities_this_month).toBe(
        activities.filter(
          (a) => a.crm_activities.activity_date >= start && a.crm_activities.activity_date < end,
        ).length,
      );
      const managers = crmSummarySchema.parse((await get('/api/crm/summary', manager)).json());
      expect(managers.scope).toBe('all');
      expect(managers.total_clients).toBeGreaterThan(summary.total_clients);
      // A lost deal is no top client, however large.
      const lost = await addClient(repA, {
        client_name: 'Lost big',
        status: 'lost',
        client_value: 1_000_000,
      });
      const alpha = crmSummarySchema.parse((await get('/api/crm/summary', repA)).json());
      expect(alpha.top_clients.map((c) => c.id)).not.toContain(lost.id);
      const empty = crmSummarySchema.parse((await get('/api/crm/summary', repB)).json());
      expect(empty).toMatchObject({
        total_clients: 0,
        pipeline_value: 0,
        upcoming_activities: [],
        top_clients: [],
      });
    });

    it('refuses anonymous callers (401) and other roles (403)', async () => {
      expectError(await get('/api/crm/summary'), 401);
      expectError(await get('/api/crm/summary', retailer), 403, 'crm.sales_only');
    });
  });

  describe('sales targets', () => {
    const month = monthOf(new Date());

    it("a rep sees their own target against their won clients' value this month", async () => {
      const response = await get('/api/crm/sales-targets', demoRep);
      expect(response.statusCode, response.body).toBe(200);
      const list = salesTargetListSchema.parse(response.json() as SalesTargetList);
      expect(list).toMatchObject({ month, can_set: false });
      expect(list.targets).toEqual([
        {
          rep_id: demoRepId,
          rep_name: 'Kagiso Sithole',
          month,
          target_amount: 150_000,
          actual_amount: 70_500,
          won_clients: 2,
          progress_percent: 47,
        },
      ]);
      // Last month: the salon, against last month's target.
      const last = monthOf(new Date(monthRange(month).start.getTime() - 1));
      const previous = (await get(`/api/crm/sales-targets?month=${last}`, demoRep)).json() as SalesTargetList;
      expect(previous.targets[0]).toMatchObject({
        target_amount: 100_000,
        actual_amount: 18_500,
        won_clients: 1,
      });
    });

    it('a manager sets a rep’s target and sees every rep; the actual follows the rep’s won clients', async () => {
      const response = await send('PUT', '/api/crm/sales-targets', manager, {
        rep_id: repBId,
        month,
        target_amount: 20_000,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(salesTargetSchema.parse(response.json() as SalesTarget)).toMatchObject({
        rep_id: repBId,
        rep_name: 'Rep Bravo',
        target_amount: 20_000,
        actual_amount: 0,
        progress_percent: 0,
      });
      // Setting it again replaces it.
      await send('PUT', '/api/crm/sales-targets', manager, { rep_id: repBId, month, target_amount: 10_000 });
      expect(await count(t.db, 'crm_sales_targets', eq(crmSalesTargets.rep_id, repBId))).toBe(1);
      await addClient(repB, { client_name: 'Won by B', status: 'won', client_value: 2_500 });
      await addClient(repB, { client_name: 'Open for B', status: 'open', client_value: 9_000 });
      const list = salesTargetListSchema.parse((await get('/api/crm/sales-targets', manager)).json());
      expect(list.can_set).toBe(true);
      expect(list.targets.find((r) => r.rep_id === repBId)).toMatchObject({
        target_amount: 10_000,
        actual_amount: 2_500,
        won_clients: 1,
        progress_percent: 25,
      });
      const ids = list.targets.map((r) => r.rep_id);
      expect(ids).toEqual(expect.arrayContaining([demoRepId, repAId, repBId]));
      expect(ids).not.toContain(managerId);
      // The rep sees the same line.
      const own = salesTargetListSchema.parse((await get('/api/crm/sales-targets', repB)).json());
      expect(own.targets).toEqual([list.targets.find((r) => r.rep_id === repBId)]);
    });

    it('refuses a rep setting a target (403), anonymous callers (401) and a retailer (403), writing nothing', async () => {
      const before = await count(t.db, 'crm_sales_targets');
      const payload = { rep_id: repAId, month, target_amount: 1_000 };
      expectError(await send('PUT', '/api/crm/sales-targets', repA, payload), 403, 'crm.managers_only');
      expectError(await send('PUT', '/api/crm/sales-targets', undefined, payload), 401);
      expectError(await send('PUT', '/api/crm/sales-targets', retailer, payload), 403, 'crm.managers_only');
      expectError(await get('/api/crm/sales-targets'), 401);
      expectError(await get('/api/crm/sales-targets', retailer), 403, 'crm.sales_only');
      expect(await count(t.db, 'crm_sales_targets')).toBe(before);
    });

    it('refuses a non-rep, a bad month and a bad amount with 400, writing nothing', async () => {
      const before = await count(t.db, 'crm_sales_targets');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ rep_id: managerId, month, target_amount: 1_000 }, 'rep_id', 'validation.not_a_rep'],
        [{ rep_id: 2147483647, month, target_amount: 1_000 }, 'rep_id', 'validation.not_a_rep'],
        [{ rep_id: repAId, month: '2026-13', target_amount: 1_000 }, 'month', 'validation.month'],
        [{ rep_id: repAId, month, target_amount: 0 }, 'target_amount', 'validation.greater_than'],
        [{ rep_id: repAId, month, target_amount: 'lots' }, 'target_amount', 'validation.number'],
      ];
      for (const [payload, fieldName, code] of cases) {
        const error = expectError(await send('PUT', '/api/crm/sales-targets', manager, payload), 400);
        expect(error.field_codes?.[fieldName]?.code, JSON.stringify(payload)).toBe(code);
      }
      expectError(await get('/api/crm/sales-targets?month=May', manager), 400);
      expect(await count(t.db, 'crm_sales_targets')).toBe(before);
    });
  });
});

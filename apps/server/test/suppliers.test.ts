import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  applicationReviewListSchema,
  can,
  SELLER_PRODUCT_PAGE_MAX,
  SELLER_PRODUCT_PAGE_SIZE,
  sellerProductListSchema,
  sellerProductSchema,
  supplierApplicationSchema,
  type SellerProduct,
  type SupplierApplication,
} from '@tt/domain';
import {
  categories,
  inventoryMovements,
  inventoryProducts,
  notifications,
  products,
  supplierApplications,
  users,
} from '../src/db/schema.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('supplier applications and My products (spec 1, spec 3 /bulk-upload; DECISIONS 7, 8, 20, 22)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let coordinator: string;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminId = await insertUser(t.db, 'admin', 'Admin Ayanda');
    admin = await t.sessionFor(adminId);
    coordinator = await t.sessionFor(await insertUser(t.db, 'coordinator', 'Coordinator Zola'));
    const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
    categoryId = category!.id;
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const roleOf = async (id: number) =>
    (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
  const applicationsCount = () => count(t.db, 'supplier_applications');
  const newRetailer = async (name = `Retailer ${Math.random().toString(36).slice(2, 8)}`) => {
    const id = await insertUser(t.db, 'retailer', name);
    return { id, cookie: await t.sessionFor(id) };
  };
  const applyAs = async (cookie: string, over: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/supplier-applications', cookie, {
      company_name: 'Ekasi Foods',
      product_categories: ['FMCG Products', 'Beverages'],
      ...over,
    });
    expect(response.statusCode, response.body).toBe(201);
    return supplierApplicationSchema.parse(response.json());
  };

  describe('POST /api/supplier-applications', () => {
    it('records a pending application for supplier when no role is sent, with the spec fields', async () => {
      const { id, cookie } = await newRetailer('Nomsa Dube');
      const made = await applyAs(cookie, {
        business_registration_number: '2020/123456/07',
        tax_number: '4123456789',
        years_in_business: 3,
        monthly_capacity: '200 cases a month',
        certifications: ['HACCP', 'SABS'],
      });
      expect(made).toMatchObject({
        user_id: id,
        applicant_name: 'Nomsa Dube',
        application_status: 'pending',
        role_applied_for: 'supplier',
        certifications: ['HACCP', 'SABS'],
        years_in_business: 3,
      });
      const mine = await send('GET', '/api/supplier-applications', cookie);
      expect(mine.statusCode).toBe(200);
      expect((mine.json() as SupplierApplication[]).map((a) => a.id)).toEqual([made.id]);
      // Still a retailer until approved.
      expect(await roleOf(id)).toBe('retailer');
    });

    it('answers a second application with 409 Application Already Submitted and writes nothing', async () => {
      const { cookie } = await newRetailer();
      await applyAs(cookie);
      const before = await applicationsCount();
      expectError(
        await send('POST', '/api/supplier-applications', cookie, {
          company_name: 'Again',
          product_categories: ['Beverages'],
        }),
        409,
        'application.already_submitted',
      );
      expect(await applicationsCount()).toBe(before);
    });

    it('refuses bad input field by field with 400 and writes nothing', async () => {
      const { cookie } = await newRetailer();
      const before = await applicationsCount();
      const bad = [
        { company_name: '', product_categories: ['Beverages'] },
        { company_name: 'Shop', product_categories: [] },
        { company_name: 'Shop', product_categories: ['Cars'] },
        { company_name: 'Shop', product_categories: ['Beverages'], certifications: ['Gold star'] },
        { company_name: 'Shop', product_categories: ['Beverages'], years_in_business: -1 },
        { company_name: 'Shop', product_categories: ['Beverages'], years_in_business: 2.5 },
        { company_name: 'Shop', product_categories: ['Beverages'], role_applied_for: 'admin' },
      ];
      for (const body of bad) {
        const error = expectError(await send('POST', '/api/supplier-applications', cookie, body), 400);
        expect(Object.keys(error.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
      }
      expect(await applicationsCount()).toBe(before);
    });

    it('refuses anonymous callers (401), sellers and staff (403), and shared demo accounts (403)', async () => {
      const body = { company_name: 'Shop', product_categories: ['Beverages'] };
      expectError(await send('POST', '/api/supplier-applications', undefined, body), 401, 'unauthorized');
      expectError(await send('GET', '/api/supplier-applications'), 401, 'unauthorized');
      const before = await applicationsCount();
      const supplier = await t.sessionFor(await insertUser(t.db, 'supplier'));
      expectError(
        await send('POST', '/api/supplier-applications', supplier, body),
        403,
        'application.buyers_only',
      );
      expectError(
        await send('POST', '/api/supplier-applications', admin, body),
        403,
        'application.buyers_only',
      );
      expectError(
        await send('POST', '/api/supplier-applications', await t.login('retailer'), body),
        403,
        'demo_account',
      );
      expect(await applicationsCount()).toBe(before);
    });
  });

  describe('review', () => {
    it('lists every application with the pending and under_review counts to admins and coordinators', async () => {
      for (const cookie of [admin, coordinator]) {
        const response = await send('GET', '/api/supplier-applications/review', cookie);
        expect(response.statusCode, response.body).toBe(200);
        const list = applicationReviewListSchema.parse(response.json());
        const pending = list.applications.filter((a) => a.application_status === 'pending').length;
        expect(list.pending).toBe(pending);
        expect(list.under_review).toBeGreaterThanOrEqual(1);
        // Open applications come first.
        const firstDecided = list.applications.findIndex((a) =>
          ['approved', 'rejected'].includes(a.application_status),
        );
        const lastOpen = list.applications.map((a) => a.application_status).lastIndexOf('pending');
        expect(firstDecided).toBeGreaterThan(lastOpen);
      }
      const { cookie } = await newRetailer();
      expectError(
        await send('GET', '/api/supplier-applications/review', cookie),
        403,
        'application.reviewers_only',
      );
      expectError(await send('GET', '/api/supplier-applications/review'), 401, 'unauthorized');
    });

    it('moves to under_review, then approval grants the role applied for and notifies the applicant', async () => {
      const applicant = await newRetailer('Thabo Mokoena');
      const made = await applyAs(applicant.cookie, { role_applied_for: 'distributor' });
      const url = `/api/supplier-applications/${made.id}/review`;
      const moved = await send('POST', url, coordinator, { status: 'under_review' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({
        application_status: 'under_review',
        reviewed_by_name: 'Coordinator Zola',
      });
      expect(await roleOf(applicant.id)).toBe('retailer');

      const approved = await send('POST', url, admin, { status: 'approved', review_notes: 'Welcome aboard' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        application_status: 'approved',
        review_notes: 'Welcome aboard',
      });
      expect(await roleOf(applicant.id)).toBe('distributor');
      const [notice] = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.user_id, applicant.id),
            eq(notifications.title, 'notifications.application.approved.title'),
          ),
        );
      expect(notice?.link).toBe('/supplier-applications');
      // The new seller now holds products.manage.
      expect(can(await roleOf(applicant.id), 'products.manage')).toBe(true);
      // A decided application moves no further.
      expectError(
        await send('POST', url, admin, { status: 'rejected', review_notes: 'No' }),
        409,
        'application.cannot_move',
      );
      expect(await roleOf(applicant.id)).toBe('distributor');
    });

    it('needs notes to reject (400, nothing written), then rejects and keeps the role', async () => {
      const applicant = await newRetailer();
      const made = await applyAs(applicant.cookie);
      const url = `/api/supplier-applications/${made.id}/review`;
      const error = expectError(await send('POST', url, admin, { status: 'rejected' }), 400);
      expect(error.field_codes?.review_notes?.code).toBe('validation.required');
      expectError(await send('POST', url, admin, { status: 'approve' }), 400);
      const [still] = await t.db
        .select()
        .from(supplierApplications)
        .where(eq(supplierApplications.id, made.id));
      expect(still?.application_status).toBe('pending');
      const rejected = await send('POST', url, admin, {
        status: 'rejected',
        review_notes: 'No trading history yet',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        application_status: 'rejected',
        review_notes: 'No trading history yet',
      });
      expect(await roleOf(applicant.id)).toBe('retailer');
    });

    it('lets nobody review their own application, and refuses non-reviewers and anonymous callers', async () => {
      // A coordinator's account that applied before it was made coordinator.
      const applicant = await newRetailer();
      const made = await applyAs(applicant.cookie);
      await t.db.update(users).set({ role: 'coordinator' }).where(eq(users.id, applicant.id));
      const url = `/api/supplier-applications/${made.id}/review`;
      expectError(
        await send('POST', url, applicant.cookie, { status: 'approved' }),
        403,
        'application.own_review',
      );
      const other = await newRetailer();
      expectError(
        await send('POST', url, other.cookie, { status: 'approved' }),
        403,
        'application.reviewers_only',
      );
      expectError(await send('POST', url, undefined, { status: 'approved' }), 401, 'unauthorized');
      expectError(
        await send('POST', '/api/supplier-applications/2147483647/review', admin, { status: 'approved' }),
        404,
        'application.not_found',
      );
      const [still] = await t.db
        .select()
        .from(supplierApplications)
        .where(eq(supplierApplications.id, made.id));
      expect(still?.application_status).toBe('pending');
      expect(await roleOf(applicant.id)).toBe('coordinator');
    });
  });

  describe('My products', () => {
    let sellerId: number;
    let seller: string;
    const newProduct = (over: Record<string, unknown> = {}) => ({
      name: 'Maize Meal 5kg',
      brand: 'Ekasi',
      category_id: categoryId,
      sku: `MM-${Math.random().toString(36).slice(2, 8)}`,
      selling_price: 54.99,
      mrp: 59.99,
      minimum_order_quantity: 2,
      ...over,
    });
    const create = async (over: Record<string, unknown> = {}, cookie = seller) => {
      const response = await send('POST', '/api/my-products', cookie, newProduct(over));
      expect(response.statusCode, response.body).toBe(201);
      return sellerProductSchema.parse(response.json());
    };

    beforeAll(async () => {
      sellerId = await insertUser(t.db, 'supplier', 'Seller Sizwe');
      seller = await t.sessionFor(sellerId);
    });

    it('creates a listing with its inventory item; the opening stock is an in movement, not a typed number', async () => {
      const made = await create({ opening_stock: 40, sku: 'EKASI-MM5' });
      expect(made).toMatchObject({
        sku: 'EKASI-MM5',
        stock_quantity: 40,
        is_active: true,
        selling_price: 54.99,
        mrp: 59.99,
      });
      const [item] = await t.db
        .select({ id: inventoryProducts.id })
        .from(inventoryProducts)
        .where(and(eq(inventoryProducts.business_id, sellerId), eq(inventoryProducts.product_id, made.id)));
      expect(item).toBeDefined();
      const movements = await t.db
        .select({ quantity: inventoryMovements.quantity, type: inventoryMovements.movement_type })
        .from(inventoryMovements)
        .where(eq(inventoryMovements.business_id, sellerId));
      expect(movements).toEqual([{ quantity: 40, type: 'in' }]);
      // Without an opening stock it still has its item, at 0.
      const empty = await create();
      expect(empty.stock_quantity).toBe(0);
      expect(
        await t.db.$count(
          inventoryProducts,
          and(eq(inventoryProducts.business_id, sellerId), eq(inventoryProducts.product_id, empty.id)),
        ),
      ).toBe(1);
    });

    it('keeps SKUs unique per seller (409), while another seller may use the same SKU', async () => {
      await create({ sku: 'SHARED-1' });
      const before = await t.db.$count(products);
      const error = expectError(
        await send('POST', '/api/my-products', seller, newProduct({ sku: 'SHARED-1' })),
        409,
        'products.sku_taken',
      );
      expect(error.params).toEqual({ sku: 'SHARED-1' });
      expect(await t.db.$count(products)).toBe(before);
      const other = await t.sessionFor(await insertUser(t.db, 'manufacturer'));
      await create({ sku: 'SHARED-1' }, other);
    });

    it("lists the seller's own products, active and inactive, with search", async () => {
      const hidden = await create({ name: 'Sunflower Oil 2L', is_active: false });
      const response = await send('GET', '/api/my-products', seller);
      expect(response.statusCode, response.body).toBe(200);
      const list = sellerProductListSchema.parse(response.json());
      expect(list.products.some((p) => p.id === hidden.id && !p.is_active)).toBe(true);
      expect(list.products.length).toBeLessThan(SELLER_PRODUCT_PAGE_SIZE);
      expect(list.total).toBe(list.products.length);
      expect(list.matching).toBe(list.total);
      expect(list.active).toBe(list.products.filter((p) => p.is_active).length);
      const found = sellerProductListSchema.parse(
        (await send('GET', '/api/my-products?search=sunflower', seller)).json(),
      );
      expect(found.products.map((p) => p.id)).toEqual([hidden.id]);
      const inactive = sellerProductListSchema.parse(
        (await send('GET', '/api/my-products?status=inactive', seller)).json(),
      );
      expect(inactive.products.every((p) => !p.is_active)).toBe(true);
      // Nobody else's products.
      const fresh = await t.sessionFor(await insertUser(t.db, 'supplier'));
      expect(sellerProductListSchema.parse((await send('GET', '/api/my-products', fresh)).json()).total).toBe(
        0,
      );
    });

    it('answers a page at a time, newest first, with the counts over all pages', async () => {
      const id = await insertUser(t.db, 'supplier', 'Seller With Many');
      const many = await t.sessionFor(id);
      const made: number[] = [];
      // Five active: the free plan lists ten.
      for (let i = 0; i < SELLER_PRODUCT_PAGE_SIZE + 3; i += 1) {
        made.push((await create({ name: `Bulk soap ${i}`, is_active: i < 5 }, many)).id);
      }
      const page = async (query: string) => {
        const response = await send('GET', `/api/my-products?${query}`, many);
        expect(response.statusCode, response.body).toBe(200);
        return sellerProductListSchema.parse(response.json());
      };
      const first = await page('page=1');
      const second = await page('page=2');
      expect(first).toMatchObject({ total: made.length, active: 5, matching: made.length, page: 1 });
      expect(first.page_size).toBe(SELLER_PRODUCT_PAGE_SIZE);
      expect(first.products).toHaveLength(SELLER_PRODUCT_PAGE_SIZE);
      expect(second).toMatchObject({ page: 2, matching: made.length });
      // Newest first, and the two pages together are every listing once.
      expect([...first.products, ...second.products].map((p) => p.id)).toEqual([...made].reverse());
      expect((await page('page=3')).products).toEqual([]);
      // The filter and the search narrow the count over all pages, not only the page's rows.
      const inactive = await page('status=inactive');
      expect(inactive).toMatchObject({ total: made.length, active: 5, matching: made.length - 5 });
      expect(inactive.products.every((p) => !p.is_active)).toBe(true);
      expect((await page('search=bulk%20soap%201')).matching).toBe(11); // 1 and 10-19
      for (const bad of [
        'page=0',
        'page=-1',
        'page=1.5',
        'page=two',
        `page=${SELLER_PRODUCT_PAGE_MAX + 1}`,
      ]) {
        expectError(await send('GET', `/api/my-products?${bad}`, many), 400);
      }
    });

    it('edits the listing fields but never the stock, and activates and deactivates', async () => {
      const made = await create({ opening_stock: 12 });
      const response = await send('PUT', `/api/my-products/${made.id}`, seller, {
        name: 'Maize Meal 10kg',
        brand: 'Ekasi Gold',
        category_id: categoryId,
        selling_price: 99.5,
        mrp: 109,
        minimum_order_quantity: 1,
        image_url: '/products/maize-meal-bag.svg',
        stock_quantity: 999,
      });
      expect(response.statusCode, response.body).toBe(200);
      const edited: SellerProduct = sellerProductSchema.parse(response.json());
      expect(edited).toMatchObject({
        name: 'Maize Meal 10kg',
        brand: 'Ekasi Gold',
        selling_price: 99.5,
        mrp: 109,
        stock_quantity: 12,
        sku: made.sku,
      });
      const off = await send('PUT', `/api/my-products/${made.id}/status`, seller, { is_active: false });
      expect(off.json()).toMatchObject({ is_active: false });
      const on = await send('PUT', `/api/my-products/${made.id}/status`, seller, { is_active: true });
      expect(on.json()).toMatchObject({ is_active: true });
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      const made = await create();
      const before = await t.db.$count(products);
      const bad = [
        newProduct({ name: '' }),
        newProduct({ selling_price: -1 }),
        newProduct({ selling_price: 10.001 }),
        newProduct({ mrp: 10, selling_price: 20 }),
        newProduct({ minimum_order_quantity: 0 }),
        newProduct({ sku: 'bad sku with spaces' }),
        newProduct({ opening_stock: 1.5 }),
        newProduct({ image_url: 'javascript:alert(1)' }),
        newProduct({ category_id: 2147483647 }),
      ];
      for (const body of bad) {
        const error = expectError(await send('POST', '/api/my-products', seller, body), 400);
        expect(Object.keys(error.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
      }
      expect(await t.db.$count(products)).toBe(before);
      const edit = expectError(
        await send('PUT', `/api/my-products/${made.id}`, seller, {
          ...newProduct({ mrp: 1 }),
          sku: undefined,
        }),
        400,
      );
      expect(edit.field_codes?.mrp?.code).toBe('validation.mrp_below_price');
      const [row] = await t.db
        .select({ mrp: products.mrp_cents })
        .from(products)
        .where(eq(products.id, made.id));
      expect(row?.mrp).toBe(5999);
    });

    it("refuses anonymous callers (401), buyers (403) and another seller's product (404)", async () => {
      const made = await create();
      const { cookie: retailer } = await newRetailer();
      expectError(await send('GET', '/api/my-products'), 401, 'unauthorized');
      expectError(await send('POST', '/api/my-products', undefined, newProduct()), 401, 'unauthorized');
      expectError(await send('GET', '/api/my-products', retailer), 403, 'products.sellers_only');
      expectError(
        await send('POST', '/api/my-products', retailer, newProduct()),
        403,
        'products.sellers_only',
      );
      expectError(
        await send('PUT', `/api/my-products/${made.id}/status`, retailer, { is_active: false }),
        403,
        'products.sellers_only',
      );
      const other = await t.sessionFor(await insertUser(t.db, 'supplier'));
      const { sku: _sku, ...fields } = newProduct({ name: 'Taken over' });
      expectError(await send('PUT', `/api/my-products/${made.id}`, other, fields), 404, 'products.not_found');
      expectError(
        await send('PUT', `/api/my-products/${made.id}/status`, other, { is_active: false }),
        404,
        'products.not_found',
      );
      const [row] = await t.db
        .select({ name: products.name, active: products.is_active })
        .from(products)
        .where(eq(products.id, made.id));
      expect(row).toEqual({ name: 'Maize Meal 5kg', active: true });
    });

    it("counts activations against the plan's listed products (402 past the free plan's 10)", async () => {
      const id = await insertUser(t.db, 'supplier');
      const cookie = await t.sessionFor(id);
      for (let i = 0; i < 10; i += 1) await create({}, cookie);
      const before = await t.db.$count(products, eq(products.seller_id, id));
      const refused = await send('POST', '/api/my-products', cookie, newProduct());
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        error: { code: 'plan_limit' },
        feature: 'listed_products',
        limit: 10,
      });
      // An inactive one is not counted, but activating it is.
      const parked = await create({ is_active: false }, cookie);
      const activation = await send('PUT', `/api/my-products/${parked.id}/status`, cookie, {
        is_active: true,
      });
      expect(activation.statusCode).toBe(402);
      expect(await t.db.$count(products, eq(products.seller_id, id))).toBe(before + 1);
      expect(await t.db.$count(products, and(eq(products.seller_id, id), sql`${products.is_active}`))).toBe(
        10,
      );
    });
  });
});

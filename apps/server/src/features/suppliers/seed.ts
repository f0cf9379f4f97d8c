import { inArray } from 'drizzle-orm';
import type { AreaSeed } from '../../db/seed-types.ts';
import { at as atDays } from '../../db/seed-world.ts';
import { userSummaries } from '../auth/service.ts';
import { supplierApplications } from './tables.ts';

type NewApplication = typeof supplierApplications.$inferInsert;

/**
 * The demo's applications: the demo supplier's and distributor's were approved by the demo admin (that is
 * how they became sellers, DECISIONS 8), and three shop owners wait (two pending, one under review), so
 * the review tab has real work. The shop owners keep their buyer roles until a reviewer approves them.
 */
export const seed: AreaSeed = {
  area: 'suppliers',
  async demo(tx, world) {
    const { demo, members } = world.users!;
    const at = (days: number) => atDays(world.now, days);
    const approved = (
      userId: number,
      values: Omit<NewApplication, 'user_id' | 'application_status'>,
    ): NewApplication => ({
      ...values,
      user_id: userId,
      application_status: 'approved',
      reviewed_by: demo.admin,
      reviewed_at: at(-170),
      review_notes: 'Documents checked; references from two spaza shops.',
    });
    const rows: NewApplication[] = [
      approved(demo.supplier, {
        applicant_name: '',
        company_name: '',
        business_registration_number: '2016/214587/07',
        tax_number: '4510298734',
        product_categories: ['FMCG Products', 'Beverages', 'Household Items', 'Personal Care'],
        years_in_business: 8,
        monthly_capacity: '40 pallets of dry goods',
        certifications: ['SABS', 'HACCP'],
        role_applied_for: 'supplier',
        created_at: at(-180),
      }),
      approved(demo.distributor, {
        applicant_name: '',
        company_name: '',
        business_registration_number: '2012/098311/07',
        tax_number: '4720187755',
        product_categories: ['Beverages', 'Dairy Products', 'Fresh Produce'],
        years_in_business: 12,
        monthly_capacity: '3 trucks a week across Gauteng',
        certifications: ['ISO 9001', 'HACCP', 'ISO 22000'],
        role_applied_for: 'distributor',
        created_at: at(-175),
      }),
      {
        user_id: members[1]!,
        applicant_name: '',
        company_name: 'Ekasi Fresh Produce',
        product_categories: ['Fresh Produce', 'Meat & Poultry'],
        years_in_business: 4,
        monthly_capacity: '2 tonnes of vegetables',
        certifications: [],
        role_applied_for: 'supplier',
        application_status: 'pending',
        created_at: at(-3),
      },
      {
        user_id: members[2]!,
        applicant_name: '',
        company_name: 'Vukani Baking Co-op',
        business_registration_number: '2019/556120/07',
        product_categories: ['FMCG Products', 'Baby Products', 'Health & Pharmacy', 'Stationery & Books'],
        years_in_business: 6,
        monthly_capacity: '1,500 loaves a day',
        certifications: ['HACCP', 'NRCS'],
        role_applied_for: 'manufacturer',
        application_status: 'under_review',
        reviewed_by: demo.coordinator,
        reviewed_at: at(-1),
        created_at: at(-6),
      },
      {
        user_id: members[3]!,
        applicant_name: '',
        company_name: 'Township Cleaning Supplies',
        product_categories: ['Household Items'],
        years_in_business: 1,
        monthly_capacity: null,
        certifications: [],
        role_applied_for: 'distributor',
        application_status: 'pending',
        created_at: at(-1),
      },
    ];
    // The applicant's own name and business name, as the auth area seeded them.
    const people = await userSummaries(
      tx,
      rows.map((r) => r.user_id),
    );
    await tx.insert(supplierApplications).values(
      rows.map((r) => {
        const person = people.get(r.user_id)!;
        return {
          ...r,
          applicant_name: person.name,
          company_name: r.company_name || (person.company_name ?? person.name),
        };
      }),
    );
  },
  async removeDemo(tx, { userIds }) {
    if (userIds.length > 0) {
      await tx.delete(supplierApplications).where(inArray(supplierApplications.user_id, userIds));
    }
  },
};

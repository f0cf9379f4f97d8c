import { describe, expect, it } from 'vitest';
import {
  crmActivityInputSchema,
  crmClientInputSchema,
  formatSaPhone,
  isSaPhone,
  monthOf,
  monthRange,
  optionalEmailSchema,
  saPhoneSchema,
  setSalesTargetSchema,
  targetProgress,
} from './crm.ts';
import { rolesWith } from './permissions.ts';

const codeOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('South African phone numbers', () => {
  it.each([
    ['082 555 0101', '+27 82 555 0101'],
    ['0825550101', '+27 82 555 0101'],
    ['082-555-0101', '+27 82 555 0101'],
    ['(011) 555 0202', '+27 11 555 0202'],
    ['+27 82 555 0101', '+27 82 555 0101'],
    ['+27825550101', '+27 82 555 0101'],
    ['+27 (0)82 555 0101', '+27 82 555 0101'],
    ['0027 82 555 0101', '+27 82 555 0101'],
    ['  071 555 0716 ', '+27 71 555 0716'],
  ])('accepts %s as %s', (input, stored) => {
    expect(isSaPhone(input)).toBe(true);
    expect(formatSaPhone(input)).toBe(stored);
    expect(saPhoneSchema.parse(input)).toBe(stored);
  });

  it.each([
    ['12345', 'too short'],
    ['082 555 010', 'nine digits'],
    ['082 555 01011', 'eleven digits'],
    ['0082 555 0101', 'a 0 after the trunk 0'],
    ['+44 20 7946 0958', 'another country'],
    ['+1 555 0100', 'another country'],
    ['825550101', 'no trunk 0 nor +27'],
    ['27 82 555 0101', '27 without a plus'],
    ['082 555 0101 ext 2', 'letters'],
    ['082+555+0101', 'a plus inside'],
    ['+27 82 555 0101 0', 'too long after +27'],
  ])('refuses %s (%s)', (input) => {
    expect(isSaPhone(input)).toBe(false);
    expect(codeOf(saPhoneSchema.safeParse(input))).toBe('validation.sa_phone');
  });

  it('treats a blank or missing phone as none', () => {
    expect(saPhoneSchema.parse('')).toBeNull();
    expect(saPhoneSchema.parse('   ')).toBeNull();
    expect(saPhoneSchema.parse(null)).toBeNull();
    expect(saPhoneSchema.parse(undefined)).toBeNull();
    expect(() => formatSaPhone('nope')).toThrow(RangeError);
  });
});

describe('client e-mail', () => {
  it('accepts an address and keeps it in lower case; blank is none', () => {
    expect(optionalEmailSchema.parse(' Joyce@Example.CO.ZA ')).toBe('joyce@example.co.za');
    expect(optionalEmailSchema.parse('')).toBeNull();
    expect(optionalEmailSchema.parse(null)).toBeNull();
  });

  it.each(['joyce', 'joyce@', '@example.co.za', 'joyce@example', 'jo yce@example.co.za', 'a@b@c.co.za'])(
    'refuses %s',
    (input) => {
      expect(codeOf(optionalEmailSchema.safeParse(input))).toBe('validation.email');
    },
  );
});

describe('client and activity input', () => {
  it('needs a name; the rest defaults', () => {
    expect(codeOf(crmClientInputSchema.safeParse({ client_name: '  ' }))).toBe('validation.required');
    expect(crmClientInputSchema.parse({ client_name: ' Mama Joyce ' })).toEqual({
      client_name: 'Mama Joyce',
      company_name: null,
      client_email: null,
      client_phone: null,
      address: null,
      client_type: 'prospect',
      status: 'open',
      client_value: 0,
      notes: null,
    });
  });

  it('takes a value in rand to the cent, never negative', () => {
    expect(crmClientInputSchema.safeParse({ client_name: 'A', client_value: 12.34 }).success).toBe(true);
    expect(crmClientInputSchema.safeParse({ client_name: 'A', client_value: 12.345 }).success).toBe(false);
    expect(crmClientInputSchema.safeParse({ client_name: 'A', client_value: -1 }).success).toBe(false);
  });

  it('logs one of the four activity types with a date and time', () => {
    const base = { client_id: 1, subject: 'Visit', activity_date: '2026-11-24T08:00:00.000Z' };
    for (const type of ['call', 'meeting', 'email', 'other']) {
      expect(crmActivityInputSchema.safeParse({ ...base, activity_type: type }).success).toBe(true);
    }
    expect(crmActivityInputSchema.safeParse({ ...base, activity_type: 'fax' }).success).toBe(false);
    expect(
      crmActivityInputSchema.safeParse({ ...base, activity_type: 'call', activity_date: '2026-11-24' })
        .success,
    ).toBe(false);
  });
});

describe('months and targets', () => {
  it('counts months in South African time', () => {
    expect(monthOf(new Date('2026-11-30T21:59:59Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-11-30T22:00:00Z'))).toBe('2026-12');
    expect(monthRange('2026-12')).toEqual({
      start: new Date('2026-11-30T22:00:00Z'),
      end: new Date('2026-12-31T22:00:00Z'),
    });
    expect(() => monthRange('2026-13')).toThrow(RangeError);
  });

  it('measures progress in whole percent, past 100 too, and none without a target', () => {
    expect(targetProgress(70_500_00, 150_000_00)).toBe(47);
    expect(targetProgress(200_00, 100_00)).toBe(200);
    expect(targetProgress(0, 100_00)).toBe(0);
    expect(targetProgress(100_00, null)).toBeNull();
  });

  it('accepts a positive target for a month', () => {
    expect(setSalesTargetSchema.safeParse({ rep_id: 1, month: '2026-11', target_amount: 1000 }).success).toBe(
      true,
    );
    expect(codeOf(setSalesTargetSchema.safeParse({ rep_id: 1, month: '2026-1', target_amount: 1 }))).toBe(
      'validation.month',
    );
    expect(setSalesTargetSchema.safeParse({ rep_id: 1, month: '2026-11', target_amount: 0 }).success).toBe(
      false,
    );
  });

  it('lets managers, not reps, set targets', () => {
    expect(rolesWith('crm.manage')).toEqual([
      'field_manager',
      'business_dev_manager',
      'admin',
      'coordinator',
    ]);
  });
});

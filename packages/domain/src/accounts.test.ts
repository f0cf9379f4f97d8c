import { describe, expect, it } from 'vitest';
import {
  grantableRoles,
  loginSchema,
  parseIdentifier,
  previousRoleAfter,
  signupSchema,
  STAFF_ROLES,
} from './accounts.ts';
import { formatE164, saMobileE164 } from './mobile.ts';

describe('South African mobile numbers', () => {
  it.each([
    ['082 555 0101', '+27825550101'],
    ['+27 82 555 0101', '+27825550101'],
    ['27825550101', '+27825550101'],
    ['0027 82 555 0101', '+27825550101'],
    ['(082) 555-0101', '+27825550101'],
    ['060 123 4567', '+27601234567'],
    ['0711234567', '+27711234567'],
  ])('%s is %s', (written, e164) => {
    expect(saMobileE164(written)).toBe(e164);
    expect(formatE164(e164)).toMatch(/^\+27 \d{2} \d{3} \d{4}$/);
  });

  it.each([
    '011 555 0202', // a Johannesburg landline
    '082 555 010', // a digit short
    '082 555 01011',
    '+44 20 7946 0958',
    '82 555 0101', // no trunk 0 or country code
    '082+5550101',
    'zero eight two',
  ])('%s is not one', (written) => {
    expect(saMobileE164(written)).toBeNull();
  });
});

describe('identifiers', () => {
  it('keeps an email in lower case and a mobile in E.164', () => {
    expect(parseIdentifier('  Thandi.M@Example.CO.ZA ')).toEqual({
      kind: 'email',
      value: 'thandi.m@example.co.za',
    });
    expect(parseIdentifier('082 555 0101')).toEqual({ kind: 'mobile', value: '+27825550101' });
    expect(parseIdentifier('thandi@')).toBeNull();
    expect(parseIdentifier('011 555 0202')).toBeNull();
  });

  it('the sign-in schema answers with the one form, and a field code for the rest', () => {
    expect(loginSchema.parse({ identifier: '+27 82 555 0101', password: 'x' }).identifier.value).toBe(
      '+27825550101',
    );
    const refused = loginSchema.safeParse({ identifier: '12345', password: 'x' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.identifier');
  });

  it('a sign-up needs 10 characters of password and the terms accepted', () => {
    const body = {
      identifier: '082 555 0101',
      password: 'long enough',
      name: 'Thandi',
      company_name: 'Spaza',
      business_type: 'spaza_shop',
      state: 'Gauteng',
      accept_terms: true,
    };
    expect(signupSchema.safeParse(body).success).toBe(true);
    const codes = (over: object) =>
      signupSchema.safeParse({ ...body, ...over }).error?.issues.map((i) => i.message);
    expect(codes({ password: 'too short' })).toEqual(['validation.password_too_short']);
    expect(codes({ accept_terms: false })).toEqual(['validation.accept_terms']);
  });
});

describe('staff roles', () => {
  it('an administrator may grant any other staff role, or restore the business role of a staff account', () => {
    expect(grantableRoles({ role: 'coordinator', previous_role: 'trader' })).toEqual([
      'admin',
      'sales_rep',
      'field_manager',
      'business_dev_manager',
      'trader',
    ]);
    expect(grantableRoles({ role: 'admin', previous_role: null })).toContain('retailer');
    // A business account is given staff roles only: no seller is made a retailer here.
    expect(grantableRoles({ role: 'supplier', previous_role: null })).toEqual([...STAFF_ROLES]);
    expect(grantableRoles({ role: 'retailer', previous_role: null })).toEqual([...STAFF_ROLES]);
  });

  it('keeps the business role across staff grants, and forgets it when it is restored', () => {
    expect(previousRoleAfter('retailer', null, 'coordinator')).toBe('retailer');
    expect(previousRoleAfter('coordinator', 'retailer', 'sales_rep')).toBe('retailer');
    expect(previousRoleAfter('sales_rep', 'retailer', 'retailer')).toBeNull();
    expect(previousRoleAfter('supplier', null, 'admin')).toBe('supplier');
  });
});

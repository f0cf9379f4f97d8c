import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  API_SCOPES,
  apiKeyRefusal,
  apiKeyVisibleParts,
  createApiKeySchema,
  isApiKeyShaped,
  maskApiKey,
  usageFigures,
} from './developer.ts';
import { ROLES } from './roles.ts';
import { can } from './permissions.ts';

const key = `${API_KEY_PREFIX}abcdefghijklmnopqrstuvwxyz012345`;

describe('API key shape and masking', () => {
  it('is the prefix and 32 base64url characters (192 bits)', () => {
    expect(API_KEY_LENGTH).toBe(40);
    expect(isApiKeyShaped(key)).toBe(true);
    expect(isApiKeyShaped(key.replace('a', '-').replace('b', '_'))).toBe(true);
    for (const bad of [
      key.slice(0, -1),
      `${key}x`,
      key.replace('tt_live_', 'tt_test_'),
      key.replace('a', '+'),
      '',
    ]) {
      expect(isApiKeyShaped(bad)).toBe(false);
    }
  });

  it("shows the spec's first 8 and last 8 characters, from the stored ends only", () => {
    const { prefix, suffix } = apiKeyVisibleParts(key);
    expect(prefix).toBe('tt_live_');
    expect(suffix).toBe('yz012345');
    const masked = maskApiKey(prefix, suffix);
    expect(masked).toBe('tt_live_••••••••yz012345');
    expect(masked).not.toContain(key.slice(8, -8));
  });
});

describe('what a key may do', () => {
  const publicProducts = { apiScope: 'read:products', access: 'signed_in' } as const;
  const checkout = { apiScope: 'write:orders', access: 'orders.place' } as const;

  it('refuses every endpoint outside the public API, whatever the scopes', () => {
    expect(apiKeyRefusal({ scopes: API_SCOPES, role: 'admin' }, { access: 'signed_in' })).toBe(
      'api_key.not_public',
    );
    expect(apiKeyRefusal({ scopes: API_SCOPES, role: 'retailer' }, { access: 'public' })).toBe(
      'api_key.not_public',
    );
  });

  it('needs the scope the endpoint names', () => {
    expect(apiKeyRefusal({ scopes: ['read:products'], role: 'retailer' }, publicProducts)).toBeNull();
    expect(apiKeyRefusal({ scopes: ['read:orders', 'write:orders'], role: 'retailer' }, publicProducts)).toBe(
      'api_key.scope_missing',
    );
    expect(apiKeyRefusal({ scopes: [], role: 'retailer' }, checkout)).toBe('api_key.scope_missing');
  });

  it("never grants more than the owner's role: write:orders places orders only for a role that buys", () => {
    for (const role of ROLES) {
      const refusal = apiKeyRefusal({ scopes: ['write:orders'], role }, checkout);
      expect(refusal, role).toBe(can(role, 'orders.place') ? null : 'forbidden');
    }
    expect(apiKeyRefusal({ scopes: ['write:orders'], role: 'admin' }, checkout)).toBe('forbidden');
    expect(apiKeyRefusal({ scopes: ['write:orders'], role: 'coordinator' }, checkout)).toBeNull();
  });
});

describe('the create form', () => {
  it('takes a name and at least one known scope, each once', () => {
    expect(createApiKeySchema.parse({ name: ' Till sync ', scopes: ['read:orders'] })).toEqual({
      name: 'Till sync',
      scopes: ['read:orders'],
    });
    for (const bad of [
      { name: '', scopes: ['read:orders'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['read:everything'] },
      { name: 'x', scopes: ['read:orders', 'read:orders'] },
    ]) {
      expect(createApiKeySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('usage figures', () => {
  it('gives the error rate and average time of the last 7 days, and null when there were no requests', () => {
    expect(
      usageFigures({ requests: 1, errors: 0, total_ms: 5 }, { requests: 4, errors: 1, total_ms: 42 }),
    ).toEqual({
      requests_today: 1,
      requests_7d: 4,
      error_rate_7d: 0.25,
      average_ms_7d: 11,
    });
    expect(
      usageFigures({ requests: 0, errors: 0, total_ms: 0 }, { requests: 0, errors: 0, total_ms: 0 }),
    ).toEqual({
      requests_today: 0,
      requests_7d: 0,
      error_rate_7d: null,
      average_ms_7d: null,
    });
  });
});

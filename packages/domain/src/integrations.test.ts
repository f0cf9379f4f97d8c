import { describe, expect, it } from 'vitest';
import {
  connectionStatus,
  integrationCounts,
  integrationMatches,
  logStatusOf,
  MARKETPLACE_CATALOGUE,
  MARKETPLACE_KEYS,
  marketplaceEntries,
  type ConnectionFacts,
} from './integrations.ts';

describe('integration search (spec 2 §5: name, provider or type)', () => {
  const payfast = { name: 'Payfast', provider: 'Network International', integration_type: 'payment' };
  it('matches the name, the provider or the type, whatever the case and the spaces around it', () => {
    expect(integrationMatches(payfast, 'payf')).toBe(true);
    expect(integrationMatches(payfast, '  NETWORK intern ')).toBe(true);
    expect(integrationMatches(payfast, 'Payment')).toBe(true);
    expect(integrationMatches(payfast, 'shipping')).toBe(false);
    expect(integrationMatches(payfast, 'yoco')).toBe(false);
  });
  it('matches the type in the reader’s language, and ignores accents', () => {
    expect(integrationMatches({ ...payfast, type_label: 'Betaling' }, 'betal')).toBe(true);
    expect(integrationMatches({ ...payfast, name: 'Café Pay' }, 'cafe')).toBe(true);
  });
  it('lets a blank search match everything', () => {
    expect(integrationMatches(payfast, '')).toBe(true);
    expect(integrationMatches(payfast, '   ')).toBe(true);
  });
  it('does not match across fields', () => {
    expect(integrationMatches(payfast, 'payfast network')).toBe(false);
  });
});

describe('connection status, from what is true now', () => {
  const base: ConnectionFacts = { available: true, configured: true, used: true, requests: 0, errors: 0 };
  it('is inactive when the role may not use it or it is not set up', () => {
    expect(connectionStatus({ ...base, available: false })).toBe('inactive');
    expect(connectionStatus({ ...base, configured: false })).toBe('inactive');
  });
  it('is pending when set up and never used', () => {
    expect(connectionStatus({ ...base, used: false })).toBe('pending');
  });
  it('is an error when the latest run failed or half of three or more requests failed', () => {
    expect(connectionStatus({ ...base, lastFailed: true })).toBe('error');
    expect(connectionStatus({ ...base, requests: 4, errors: 2 })).toBe('error');
    expect(connectionStatus({ ...base, requests: 3, errors: 2 })).toBe('error');
  });
  it('stays active with fewer failures, or too few requests to tell', () => {
    expect(connectionStatus({ ...base, requests: 5, errors: 2 })).toBe('active');
    expect(connectionStatus({ ...base, requests: 2, errors: 2 })).toBe('active');
    expect(connectionStatus(base)).toBe('active');
  });
  it('names a logged answer from 400 an error', () => {
    expect(logStatusOf(200)).toBe('success');
    expect(logStatusOf(304)).toBe('success');
    expect(logStatusOf(400)).toBe('error');
    expect(logStatusOf(503)).toBe('error');
  });
});

describe('the overview counts', () => {
  it('counts the active, and what the caller would set up that is not', () => {
    expect(
      integrationCounts(
        [
          { status: 'active', can_set_up: true },
          { status: 'pending', can_set_up: true },
          { status: 'inactive', can_set_up: true },
          { status: 'inactive', can_set_up: false },
          { status: 'error', can_set_up: true },
        ],
        { requests: 7, errors: 2 },
      ),
    ).toEqual({ connected: 1, needs_setup: 2, requests_24h: 7, errors_24h: 2 });
  });
});

describe('the marketplace', () => {
  it('covers every type, connects to nothing and marks what the caller asked for', () => {
    const entries = marketplaceEntries(new Set(['yoco']));
    expect(entries.map((e) => e.key)).toEqual(MARKETPLACE_KEYS);
    expect(new Set(entries.map((e) => e.integration_type)).size).toBe(7);
    expect(entries.every((e) => e.connected === false)).toBe(true);
    expect(entries.filter((e) => e.requested).map((e) => e.key)).toEqual(['yoco']);
    expect(entries.find((e) => e.key === 'sage_accounting')!.monthly_cost).toBe(
      MARKETPLACE_CATALOGUE.sage_accounting.monthly_cost_cents / 100,
    );
  });
});

import { readFileSync } from 'node:fs';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS, ERROR_CODES, LANGUAGES, placeholdersOf, type ApiErrorBody } from '@tt/domain';
import { ApiError } from './api';
import { errorMessage } from './errors';
import { applyServerErrors, serverFieldErrors } from './form-errors';

type Tree = { [key: string]: string | Tree };
const dir = new URL('../locales/', import.meta.url);
const load = (language: string, namespace: string): Tree =>
  JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, dir), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

/** Words the messages put in their params (plan features); not codes of their own. */
const VALUES_PREFIX = 'values.';

describe.each(LANGUAGES.map((l) => l.code))('the error catalogue in %s', (language) => {
  const translations = flatten(load(language, 'errors'));

  it('translates every code of the catalogue, and nothing that is not one', () => {
    const keys = [...translations.keys()].filter((k) => !k.startsWith(VALUES_PREFIX)).sort();
    expect(keys).toEqual([...ERROR_CODES].sort());
  });

  it("uses exactly each code's params, by name", () => {
    for (const code of ERROR_CODES) {
      const used = [...new Set(placeholdersOf(translations.get(code) ?? ''))].sort();
      expect(used, `${language}: ${code}`).toEqual(Object.keys(ERRORS[code].params).sort());
    }
  });
});

describe('the catalogue', () => {
  it("English templates (the server's fallback) use exactly each code's params", () => {
    for (const code of ERROR_CODES) {
      expect([...new Set(placeholdersOf(ERRORS[code].message))].sort(), code).toEqual(
        Object.keys(ERRORS[code].params).sort(),
      );
    }
  });

  it('gives every code a status a refusal can have, and validation codes 400', () => {
    for (const code of ERROR_CODES) {
      expect(ERRORS[code].status, code).toBeGreaterThanOrEqual(400);
      expect(ERRORS[code].status, code).toBeLessThan(600);
      if (code.startsWith('validation.')) expect(ERRORS[code].status, code).toBe(400);
    }
  });
});

async function translator(language: string): Promise<TFunction> {
  const i18n = createInstance();
  const resources: Record<string, Record<string, Tree>> = {};
  for (const lng of new Set([language, 'en'])) {
    resources[lng] = { errors: load(lng, 'errors'), common: load(lng, 'common') };
  }
  await i18n.init({ lng: language, fallbackLng: 'en', resources, interpolation: { escapeValue: false } });
  return i18n.t;
}

const refusal = (status: number, error: ApiErrorBody['error']) =>
  new ApiError(status, error.code, error.message, error.fields, { error });

describe('errorMessage', () => {
  it('translates the code with its params (isiZulu)', async () => {
    const t = await translator('zu');
    const error = refusal(409, {
      code: 'cart.not_enough_stock',
      message: 'Only 5 left of Sunlight Soap.',
      params: { product: 'Sunlight Soap', left: 5 },
    });
    expect(errorMessage(error, t, 'zu')).toBe('Kusele kuphela okungu-5 kwe-Sunlight Soap.');
  });

  it('translates params that are words: an order status', async () => {
    const t = await translator('af');
    const error = refusal(409, {
      code: 'order.not_cancellable',
      message: 'An order that is shipped can no longer be cancelled.',
      params: { status: 'shipped' },
    });
    const text = errorMessage(error, t, 'af');
    expect(text).toMatch(/^'n Bestelling wat .+ is, kan nie meer gekanselleer word nie\.$/);
    expect(text).not.toContain('shipped');
  });

  it("keeps a generic code's situation-specific English for English readers, translates it for others", async () => {
    const error = refusal(400, {
      code: 'bad_request',
      message: 'Invalid name: This field is required.',
      fields: { name: 'This field is required.' },
    });
    expect(errorMessage(error, await translator('en'), 'en')).toBe('Invalid name: This field is required.');
    expect(errorMessage(error, await translator('tn'), 'tn')).toBe(
      'Tse dingwe tsa se o se tsentseng ga di a siama. Tlhola mafelo a a tshwailweng.',
    );
  });

  it("falls back to the server's message for a code it does not know", async () => {
    const t = await translator('zu');
    const error = refusal(409, { code: 'ledger.period_closed', message: 'This period is closed.' });
    expect(errorMessage(error, t, 'zu')).toBe('This period is closed.');
  });
});

describe('server field errors', () => {
  const error = refusal(400, {
    code: 'cart.below_minimum',
    message: 'The minimum order for Maize 10kg is 3.',
    params: { product: 'Maize 10kg', minimum: 3 },
    fields: { quantity: 'At least 3.', note: 'Not valid.' },
    field_codes: { quantity: { code: 'validation.too_small', params: { minimum: 3 } } },
  });

  it('are translated from their codes, or keep the English without one', async () => {
    const t = await translator('xh');
    expect(serverFieldErrors(error, t)).toEqual([
      ['quantity', 'Faka ubuncinane i-3.'],
      ['note', 'Not valid.'],
    ]);
  });

  it("land under the form's fields, the first focused; fields the form lacks are left alone", async () => {
    const t = await translator('zu');
    const setError = vi.fn();
    const marked = await applyServerErrors(error, setError, t, ['quantity', 'name']);
    expect(marked).toEqual(['quantity']);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'quantity',
      { type: 'server', message: 'Faka okungenani u-3.' },
      { shouldFocus: true },
    );
  });

  it('map a request field to a differently named form field', async () => {
    const t = await translator('en');
    const setError = vi.fn();
    await applyServerErrors(error, setError, t, { quantity: 'amount' });
    expect(setError).toHaveBeenCalledWith(
      'amount',
      { type: 'server', message: 'Enter at least 3.' },
      { shouldFocus: true },
    );
  });
});

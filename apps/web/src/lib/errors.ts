import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_CODE } from './api';
import { i18n } from './i18n';

/** The namespace with a translation for every code of the domain's error catalogue. */
export const ERRORS_NAMESPACE = 'errors';

/**
 * The errors namespace is fetched when the first error needs it, not with the first screen
 * (docs/decisions/004). Resolves also when it cannot load (offline): the server's English stands in.
 */
export function loadErrorTranslations(): Promise<void> {
  if (!i18n.isInitialized || i18n.hasLoadedNamespace(ERRORS_NAMESPACE)) return Promise.resolve();
  return i18n.loadNamespaces(ERRORS_NAMESPACE).catch(() => undefined);
}

/**
 * The `meta` of a query or mutation whose screen shows its refusal in place, in full (a sign-in form's "wrong
 * password" beside the form): the query client's toast would say it twice, and vanish while it is still needed.
 */
export const SHOWN_IN_PLACE = { errorShownInPlace: true } as const;

export const isShownInPlace = (meta: Record<string, unknown> | undefined) => meta?.errorShownInPlace === true;

const MISSING = '\u0000';
const GENERIC_WITH_DETAIL = new Set(['bad_request', 'conflict', 'forbidden', 'not_found']);

/** Params that are themselves words (an order status, a role, a plan feature) are shown translated. */
function translatedParams(params: Record<string, string | number>, t: TFunction) {
  const out: Record<string, string | number> = { ...params };
  const word = (value: string | number, keys: string[]) => {
    const text = t(keys, { defaultValue: MISSING });
    return text === MISSING ? value : text;
  };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    if (name === 'status' || name === 'from' || name === 'to')
      out[name] = word(value, [`common:order_status.${value}`]);
    else if (name === 'role') out[name] = word(value, [`common:roles.${value}`]);
    else if (name === 'feature') out[name] = word(value, [`${ERRORS_NAMESPACE}:values.feature.${value}`]);
  }
  return out;
}

/** The translation of a catalogue code with its params, or undefined when there is none. */
export function translateCode(
  code: string,
  params: Record<string, string | number> | undefined,
  t: TFunction,
): string | undefined {
  const text = t(`${ERRORS_NAMESPACE}:${code}`, {
    ...translatedParams(params ?? {}, t),
    defaultValue: MISSING,
  });
  return text === MISSING || typeof text !== 'string' ? undefined : text;
}

/**
 * The text a person reads for a failed call: the error's code and params translated into their
 * language, else a translation by status, else the server's own (English) message.
 */
export function errorMessage(
  error: unknown,
  t: TFunction,
  language: string | undefined = i18n.language,
): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR_CODE) return t('common:errors.network');
    // A generic code's English is written for the situation ("Invalid name: ..."); the translation can
    // only say the general thing, so an English reader keeps the server's words.
    if (GENERIC_WITH_DETAIL.has(error.code) && (language ?? 'en').startsWith('en') && error.message)
      return error.message;
    const translated = translateCode(error.code, error.params, t);
    if (translated) return translated;
    if (error.status === 401) return t('common:errors.unauthorized');
    if (error.status === 429) return t('common:errors.rate_limited');
    if (error.status >= 500) return t('common:errors.server');
    return error.message;
  }
  return t('common:errors.unknown');
}

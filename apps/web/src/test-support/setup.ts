import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n } from '../lib/i18n';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import zuCommon from '../locales/zu/common.json';
import zuErrors from '../locales/zu/errors.json';

/**
 * Component tests render with the app's real i18next instance and real English and isiZulu texts
 * (bundled here rather than fetched), so a test can assert what a person reads in either language.
 *
 * The files of a run share one module graph and one DOM (vitest.config.ts: isolate false), and this file runs
 * before each of them: i18next is set up once, and every file starts as the first one did, in English, with
 * empty storage, no cookie and an empty page.
 */
if (!i18n.isInitialized) {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    resources: {
      en: { common: enCommon, errors: enErrors },
      zu: { common: zuCommon, errors: zuErrors },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  document.body.innerHTML = '';
});

afterEach(() => {
  cleanup();
});

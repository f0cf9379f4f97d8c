import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../lib/i18n';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import zuCommon from '../locales/zu/common.json';
import zuErrors from '../locales/zu/errors.json';

/**
 * Component tests render with the app's real i18next instance and real English and isiZulu texts
 * (bundled here rather than fetched), so a test can assert what a person reads in either language.
 */
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

afterEach(() => {
  cleanup();
});

import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, resolveLanguage, type LanguageCode } from '@tt/domain';

/** One JSON per language and area, downloaded when a screen first asks for that area. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBundles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Starts downloading these namespaces' translations now, before a screen asks for them (the first screen's,
 * while the app itself loads); i18next then finds them already loaded.
 */
export function preloadTranslations(namespaces: string[]) {
  const language = resolveLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
  for (const namespace of namespaces)
    void bundles[`../locales/${language}/${namespace}.json`]?.().catch(() => undefined);
}

export async function initI18n() {
  const language = resolveLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
  await i18n
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      // i18next 25 otherwise writes an advertisement to every visitor's console.
      showSupportNotice: false,
    });
  document.documentElement.lang = language;
  return i18n;
}

export async function changeLanguage(language: LanguageCode) {
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

export { i18n };

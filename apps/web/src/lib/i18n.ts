import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, resolveLanguage, type LanguageCode } from '@tt/domain';

/** One JSON per language and area; only the chosen language is downloaded. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export const NAMESPACES = ['common', 'landing', 'dashboard', 'profile'] as const;

async function loadLanguage(language: LanguageCode) {
  await Promise.all(
    Object.entries(bundles)
      .filter(([path]) => path.includes(`/locales/${language}/`))
      .map(async ([path, load]) => {
        const namespace = path.split('/').pop()!.replace('.json', '');
        if (!i18n.hasResourceBundle(language, namespace)) {
          i18n.addResourceBundle(language, namespace, (await load()).default, true, true);
        }
      }),
  );
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function initI18n() {
  const language = resolveLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  if (language !== 'en') void loadLanguage('en'); // the fallback, for any key a language lacks
  document.documentElement.lang = language;
  return i18n;
}

export async function changeLanguage(language: LanguageCode) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

export { i18n };

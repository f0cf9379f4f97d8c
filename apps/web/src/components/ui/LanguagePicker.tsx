import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode } from '@tt/domain';
import { changeLanguage } from '../../lib/i18n';

export function LanguagePicker({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={`relative flex items-center ${className}`}>
      <span className="sr-only">{t('shell.language')}</span>
      <Globe aria-hidden className="pointer-events-none absolute left-2 size-4 text-stone-500" />
      <select
        data-testid="language-picker"
        value={i18n.language}
        onChange={(e) => isLanguageCode(e.target.value) && void changeLanguage(e.target.value)}
        className="h-9 appearance-none rounded-lg border border-stone-300 bg-white pr-2 pl-7 text-sm text-stone-700 hover:border-stone-400"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

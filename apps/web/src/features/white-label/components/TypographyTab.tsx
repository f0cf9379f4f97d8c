import { useTranslation } from 'react-i18next';
import { BRANDING_FONTS, FONT_NAMES, fontFamily, type BrandingFont, type BrandingSettings } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { Field, Select } from '../../../components/ui/Field';
import type { SetField } from '../WhiteLabelPage';

/** The sizes the app's screens use, largest first (Tailwind's scale). */
const SCALE = [
  { name: '3xl', className: 'text-3xl font-bold' },
  { name: '2xl', className: 'text-2xl font-bold' },
  { name: 'xl', className: 'text-xl font-semibold' },
  { name: 'lg', className: 'text-lg font-semibold' },
  { name: 'base', className: 'text-base' },
  { name: 'sm', className: 'text-sm' },
  { name: 'xs', className: 'text-xs' },
] as const;

export const fontLabel = (font: BrandingFont, systemLabel: string) =>
  font === 'system' ? systemLabel : FONT_NAMES[font];

/** Spec 2's Typography: the primary font, a sample and the type scale, drawn in the chosen font. */
export function TypographyTab({ draft, setField }: { draft: BrandingSettings; setField: SetField }) {
  const { t } = useTranslation('white_label');
  const family = fontFamily(draft.font);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-4">
        <Field label={t('typography.font')} htmlFor="branding-font" hint={t('typography.font_hint')}>
          <Select
            id="branding-font"
            value={draft.font}
            onChange={(e) => setField('font', e.target.value as BrandingFont)}
            data-testid="font-select"
          >
            {BRANDING_FONTS.map((font) => (
              <option key={font} value={font}>
                {fontLabel(font, t('typography.system'))}
              </option>
            ))}
          </Select>
        </Field>
        <div className="mt-4 rounded-lg border border-stone-200 p-4" style={{ fontFamily: family }}>
          <p className="text-xs font-medium tracking-wide text-stone-600 uppercase">
            {t('typography.sample')}
          </p>
          <p className="mt-2 text-xl font-bold text-stone-900" data-testid="font-sample">
            {t('typography.sample_heading')}
          </p>
          <p className="mt-1 text-sm text-stone-700">{t('typography.sample_text')}</p>
        </div>
      </Card>
      <Card className="p-4">
        <h2 className="font-semibold text-stone-900">{t('typography.scale')}</h2>
        <ul className="mt-3 grid gap-2" style={{ fontFamily: family }} data-testid="type-scale">
          {SCALE.map((step) => (
            <li key={step.name} className="flex items-baseline gap-3">
              <span className="w-10 shrink-0 font-mono text-xs text-stone-600">{step.name}</span>
              <span className={`min-w-0 truncate text-stone-900 ${step.className}`}>
                {draft.app_name || t('typography.sample_heading')}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

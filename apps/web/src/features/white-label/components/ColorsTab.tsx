import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import {
  AVAILABLE_THEMES,
  BRANDING_PRESETS,
  BRANDING_THEMES,
  brandPalette,
  contrastRatio,
  HEX_COLOUR,
  primaryColourProblem,
  type BrandingSettings,
} from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { Field, Input } from '../../../components/ui/Field';
import type { FieldErrors, SetField } from '../WhiteLabelPage';

type ColourKey = 'primary_color' | 'secondary_color' | 'accent_color';

/** Spec 2's Colors & Theme: the three colours (picker and text box), the primary's eight swatches, the theme. */
export function ColorsTab({
  draft,
  errors,
  setField,
}: {
  draft: BrandingSettings;
  errors: FieldErrors;
  setField: SetField;
}) {
  const { t } = useTranslation('white_label');
  const valid = HEX_COLOUR.test(draft.primary_color);
  const problem = valid ? primaryColourProblem(draft.primary_color) : null;
  const button = valid && !problem ? brandPalette(draft.primary_color)[600] : null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-4">
        <h2 className="font-semibold text-stone-900">{t('colors.title')}</h2>
        <p className="mt-1 text-sm text-stone-600">{t('colors.hint')}</p>
        <div className="mt-4 grid gap-4">
          <ColourField name="primary_color" draft={draft} errors={errors} setField={setField} />
          <div>
            <p className="mb-2 text-sm font-medium text-stone-700" id="presets-label">
              {t('colors.presets')}
            </p>
            <div className="flex flex-wrap gap-2" role="group" aria-labelledby="presets-label">
              {BRANDING_PRESETS.map((preset) => {
                const chosen = draft.primary_color.toLowerCase() === preset.color;
                return (
                  <button
                    key={preset.name}
                    type="button"
                    aria-pressed={chosen}
                    aria-label={t(`colors.preset.${preset.name}`)}
                    title={t(`colors.preset.${preset.name}`)}
                    data-testid={`preset-${preset.name}`}
                    onClick={() => setField('primary_color', preset.color)}
                    className="grid size-11 place-items-center rounded-full border-2 border-white shadow ring-1 ring-stone-300 aria-pressed:ring-2 aria-pressed:ring-stone-900"
                    style={{ backgroundColor: preset.color }}
                  >
                    {chosen && <Check aria-hidden className="size-5 text-white drop-shadow" />}
                  </button>
                );
              })}
            </div>
          </div>
          {button && (
            <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700" data-testid="contrast">
              <span
                className="rounded-lg px-3 py-2 font-medium text-white"
                style={{ backgroundColor: button }}
              >
                {t('colors.button_sample')}
              </span>
              <span>
                {t('colors.contrast', {
                  shade: button,
                  ratio: contrastRatio('#ffffff', button).toFixed(1),
                })}
              </span>
            </div>
          )}
          {problem && !errors.primary_color && (
            <p role="alert" className="text-sm text-red-700" data-testid="contrast-problem">
              {t('colors.contrast_problem')}
            </p>
          )}
          <ColourField name="secondary_color" draft={draft} errors={errors} setField={setField} />
          <ColourField name="accent_color" draft={draft} errors={errors} setField={setField} />
        </div>
      </Card>
      <Card className="p-4">
        <fieldset>
          <legend className="font-semibold text-stone-900">{t('theme.title')}</legend>
          <div className="mt-3 grid gap-2">
            {BRANDING_THEMES.map((theme) => {
              const available = (AVAILABLE_THEMES as readonly string[]).includes(theme);
              return (
                <label
                  key={theme}
                  className={`flex items-start gap-2 rounded-lg border p-3 text-sm ${available ? 'border-stone-300' : 'border-stone-200 bg-stone-50 text-stone-600'}`}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={theme}
                    className="mt-0.5 accent-brand-700"
                    checked={draft.theme === theme}
                    disabled={!available}
                    onChange={() => available && setField('theme', theme as BrandingSettings['theme'])}
                  />
                  <span>
                    <span className="font-medium text-stone-900">{t(`theme.${theme}`)}</span>
                    {!available && <span className="block text-stone-600">{t('theme.unavailable')}</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-stone-600">{t('colors.where_used')}</p>
      </Card>
    </div>
  );
}

function ColourField({
  name,
  draft,
  errors,
  setField,
}: {
  name: ColourKey;
  draft: BrandingSettings;
  errors: FieldErrors;
  setField: SetField;
}) {
  const { t } = useTranslation('white_label');
  const value = draft[name];
  const id = `branding-${name}`;
  const label = t(`colors.${name}`);
  return (
    <Field label={label} htmlFor={id} error={errors[name]}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('colors.picker', { name: label })}
          value={HEX_COLOUR.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => setField(name, e.target.value)}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white p-1"
          data-testid={`${name}-picker`}
        />
        <Input
          id={id}
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
          onChange={(e) => setField(name, e.target.value.trim())}
          className="font-mono"
          data-testid={`${name}-text`}
        />
      </div>
    </Field>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Eye, Image, Palette, RotateCcw, Save, Type } from 'lucide-react';
import {
  brandingExport,
  brandingFileName,
  brandingInputSchema,
  can,
  DEFAULT_BRANDING,
  HEX_COLOUR,
  primaryColourProblem,
  type Branding,
  type BrandingSettings,
} from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { loadFont } from '../../lib/branding-sync';
import { errorMessage, loadErrorTranslations, translateCode } from '../../lib/errors';
import { serverFieldErrors } from '../../lib/form-errors';
import { toastError, toastSuccess } from '../../lib/toast';
import { useMe } from '../auth/api';
import { useSavedBranding, useSaveBranding } from './api';
import { AssetsTab } from './components/AssetsTab';
import { ColorsTab } from './components/ColorsTab';
import { PreviewTab } from './components/PreviewTab';
import { TypographyTab } from './components/TypographyTab';
import { saveBlob } from '../../lib/download';

const TABS = ['colors', 'typography', 'assets', 'preview'] as const;
type Tab = (typeof TABS)[number];
/** The tab each field is edited on, to open it when the field is refused. */
const FIELD_TAB: Record<keyof BrandingSettings, Tab> = {
  primary_color: 'colors',
  secondary_color: 'colors',
  accent_color: 'colors',
  theme: 'colors',
  font: 'typography',
  app_name: 'assets',
  tagline: 'assets',
};

export type FieldErrors = Partial<Record<keyof BrandingSettings, string>>;
export type SetField = <K extends keyof BrandingSettings>(key: K, value: BrandingSettings[K]) => void;

/** The draft as the preview and the CSS can draw it: a colour still being typed shows the saved one. */
function drawable(draft: BrandingSettings, saved: Branding): BrandingSettings {
  const colour = (key: 'primary_color' | 'secondary_color' | 'accent_color') =>
    HEX_COLOUR.test(draft[key]) && (key !== 'primary_color' || primaryColourProblem(draft[key]) === null)
      ? draft[key].toLowerCase()
      : saved[key];
  return {
    ...draft,
    primary_color: colour('primary_color'),
    secondary_color: colour('secondary_color'),
    accent_color: colour('accent_color'),
  };
}

const settingsOf = (b: Branding): BrandingSettings => ({
  primary_color: b.primary_color,
  secondary_color: b.secondary_color,
  accent_color: b.accent_color,
  app_name: b.app_name,
  tagline: b.tagline,
  font: b.font,
  theme: b.theme,
});

/**
 * White Label Customizer (spec 2; DECISIONS 11; ADR 049): the deployment's colours, font, name, tagline and logo,
 * edited as a draft the preview shows at once; Save Changes applies it for every visitor. Coordinators may preview
 * and export; saving is an administrator's (the server refuses anyone else).
 */
export default function WhiteLabelPage() {
  const { t } = useTranslation('white_label');
  const saved = useSavedBranding();
  if (saved.isPending) return <Loading label={t('loading')} />;
  if (!saved.data) return <LoadError icon={Palette} onRetry={() => void saved.refetch()} />;
  return <Customizer saved={saved.data} />;
}

function Customizer({ saved }: { saved: Branding }) {
  const { t } = useTranslation('white_label');
  const { data: user } = useMe();
  const mayManage = can(user?.role, 'branding.manage');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [draft, setDraft] = useState<BrandingSettings>(() => settingsOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const save = useSaveBranding();
  const dirty = JSON.stringify(draft) !== JSON.stringify(settingsOf(saved));
  const shown = drawable(draft, saved);

  // The chosen font's files, for the sample text and the preview (asked for only once it is chosen).
  useEffect(() => void loadFont(draft.font), [draft.font]);

  const setField: SetField = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = (Object.keys(found) as (keyof BrandingSettings)[])[0];
    if (first) setTab(FIELD_TAB[first]);
    toastError(t('save.check_fields'));
  };

  const onSave = async () => {
    const parsed = brandingInputSchema.safeParse(draft);
    if (!parsed.success) {
      await loadErrorTranslations();
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof BrandingSettings;
        const code = issue.code === 'too_big' ? 'validation.too_long' : issue.message;
        found[key] ??=
          translateCode(code, 'maximum' in issue ? { maximum: Number(issue.maximum) } : undefined, t) ??
          issue.message;
      }
      return showErrors(found);
    }
    save.mutate(parsed.data, {
      onSuccess: (branding) => {
        setDraft(settingsOf(branding));
        toastSuccess(t('save.saved'));
      },
      onError: (error) => {
        const fields = Object.fromEntries(serverFieldErrors(error, t)) as FieldErrors;
        if (Object.keys(fields).length > 0) showErrors(fields);
        else toastError(errorMessage(error, t));
      },
    });
  };

  const onExport = () => {
    const file = brandingExport(draft, saved.logo_url, new Date());
    saveBlob(
      brandingFileName(draft.app_name),
      new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    );
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onExport} data-testid="export-config">
              <Download aria-hidden className="size-4" />
              {t('actions.export')}
            </Button>
            <Button variant="outline" onClick={() => setConfirmReset(true)} data-testid="reset-defaults">
              <RotateCcw aria-hidden className="size-4" />
              {t('actions.reset')}
            </Button>
            {mayManage && (
              <Button onClick={() => void onSave()} loading={save.isPending} data-testid="save-branding">
                <Save aria-hidden className="size-4" />
                {t('actions.save')}
              </Button>
            )}
          </div>
        }
      />
      {!mayManage && (
        <Card
          className="mb-4 border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
          data-testid="admin-only-note"
        >
          {t('admin_only')}
        </Card>
      )}
      {dirty && (
        <p className="mb-3 text-sm font-medium text-stone-700" role="status" data-testid="unsaved">
          {mayManage ? t('unsaved') : t('unsaved_preview')}
        </p>
      )}
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'colors', label: t('tabs.colors'), icon: Palette },
          { value: 'typography', label: t('tabs.typography'), icon: Type },
          { value: 'assets', label: t('tabs.assets'), icon: Image },
          { value: 'preview', label: t('tabs.preview'), icon: Eye },
        ]}
      >
        <TabPanel value="colors">
          <ColorsTab draft={draft} errors={errors} setField={setField} />
        </TabPanel>
        <TabPanel value="typography">
          <TypographyTab draft={draft} setField={setField} />
        </TabPanel>
        <TabPanel value="assets">
          <AssetsTab
            draft={draft}
            shown={shown}
            errors={errors}
            setField={setField}
            saved={saved}
            mayManage={mayManage}
          />
        </TabPanel>
        <TabPanel value="preview">
          <PreviewTab draft={shown} logoUrl={saved.logo_url} />
        </TabPanel>
      </Tabs>
      {confirmReset && (
        <ConfirmDialog
          title={t('reset.title')}
          message={mayManage ? t('reset.message') : t('reset.message_preview')}
          confirmLabel={t('reset.confirm')}
          busy={false}
          danger={false}
          onConfirm={() => {
            setDraft({ ...DEFAULT_BRANDING });
            setErrors({});
            setConfirmReset(false);
          }}
          onClose={() => setConfirmReset(false)}
        />
      )}
    </>
  );
}

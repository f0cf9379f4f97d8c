import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Monitor, ShoppingCart, Smartphone, Tablet } from 'lucide-react';
import {
  brandingVariables,
  contrastRatio,
  DEFAULT_BRANDING,
  fontFamily,
  type BrandingSettings,
} from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';

/** Spec 2 §9's preview sizes. */
export const DEVICES = {
  mobile: { width: 375, height: 667, icon: Smartphone },
  tablet: { width: 768, height: 1024, icon: Tablet },
  desktop: { width: 1440, height: 900, icon: Monitor },
} as const;
type Device = keyof typeof DEVICES;

/**
 * Spec 2's Live Preview: a sample page of the app drawn at the device's size in the draft's colours, font, name and
 * logo (the brand variables set on the frame only), scaled down to fit, its height capped at 70% of the viewport.
 */
export function PreviewTab({ draft, logoUrl }: { draft: BrandingSettings; logoUrl: string | null }) {
  const { t } = useTranslation('white_label');
  const [device, setDevice] = useState<Device>('mobile');
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const size = DEVICES[device];
  const scale = room > 0 ? Math.min(1, room / size.width) : 1;
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-stone-900">{t('preview.title')}</h2>
        <div className="flex gap-1" role="group" aria-label={t('preview.device')}>
          {(Object.keys(DEVICES) as Device[]).map((d) => {
            const Icon = DEVICES[d].icon;
            return (
              <button
                key={d}
                type="button"
                aria-pressed={device === d}
                onClick={() => setDevice(d)}
                data-testid={`device-${d}`}
                className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-stone-300 px-2.5 text-sm font-medium text-stone-700 aria-pressed:border-stone-900 aria-pressed:bg-stone-900 aria-pressed:text-white"
              >
                <Icon aria-hidden className="size-4" />
                {t(`preview.${d}`)}
              </button>
            );
          })}
        </div>
      </div>
      <p className="mt-1 text-xs text-stone-600">
        {t('preview.size', { width: size.width, height: size.height, percent: Math.round(scale * 100) })}
      </p>
      <div ref={box} className="mt-3 w-full">
        <div
          className="mx-auto overflow-hidden rounded-xl border-4 border-stone-800 bg-white"
          style={{ width: size.width * scale + 8, height: `min(${size.height * scale + 8}px, 70vh)` }}
          data-testid="preview-frame"
          data-device={device}
        >
          <div
            style={{
              width: size.width,
              height: size.height,
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }}
          >
            <SamplePage draft={draft} logoUrl={logoUrl} wide={size.width >= 768} />
          </div>
        </div>
      </div>
    </Card>
  );
}

/** White text on a colour where it reads at AA, else the app's near-black. */
const readableOn = (background: string) =>
  contrastRatio('#ffffff', background) >= 4.5 ? '#ffffff' : '#1c1917';

/** A page of the app as a visitor would see it in the draft's branding. */
export function SamplePage({
  draft,
  logoUrl,
  wide,
}: {
  draft: BrandingSettings;
  logoUrl: string | null;
  wide: boolean;
}) {
  const { t } = useTranslation('white_label');
  const { t: common } = useTranslation();
  const vars = brandingVariables(draft);
  const style = { ...vars, fontFamily: fontFamily(draft.font) } as CSSProperties;
  const name = draft.app_name === DEFAULT_BRANDING.app_name ? common('app.name') : draft.app_name;
  const tagline = draft.tagline === DEFAULT_BRANDING.tagline ? common('app.tagline') : draft.tagline;
  return (
    <div className="h-full bg-stone-50 text-stone-900" style={style} data-testid="sample-page" inert>
      <header className="flex h-16 items-center gap-2 border-b border-stone-200 bg-white px-4">
        <img
          src={logoUrl ?? '/favicon.svg'}
          alt=""
          width={32}
          height={32}
          className="size-8 object-contain"
        />
        <span className="leading-tight font-bold">
          {name}
          {tagline && <span className="block text-[11px] font-medium text-stone-500">{tagline}</span>}
        </span>
        <span className="ml-auto grid size-10 place-items-center rounded-lg bg-brand-100 text-brand-700">
          <ShoppingCart aria-hidden className="size-5" />
        </span>
      </header>
      <section className="bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-10 text-white">
        <p className="text-sm font-medium">{tagline}</p>
        <h3 className={cn('mt-2 font-bold', wide ? 'text-4xl' : 'text-2xl')}>
          {t('preview.sample_heading')}
        </h3>
        <p className="mt-2 max-w-xl text-sm">{t('preview.sample_text')}</p>
        <span className="mt-5 inline-flex h-10 items-center rounded-lg bg-white px-4 text-sm font-medium text-brand-700">
          {t('preview.sample_cta')}
        </span>
      </section>
      <div className={cn('grid gap-4 p-4', wide ? 'grid-cols-3' : 'grid-cols-1')}>
        {[1, 2, 3].map((n) => (
          <div key={n} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-700">
                {t('preview.sample_badge')}
              </span>
              <span
                className="rounded-full px-2 py-0.5 text-xs font-medium"
                style={{ backgroundColor: draft.accent_color, color: readableOn(draft.accent_color) }}
              >
                {t('preview.sample_offer')}
              </span>
            </div>
            <p className="mt-3 font-semibold">{t('preview.sample_product', { n })}</p>
            <div className="mt-2 h-1.5 rounded-full bg-stone-100">
              <div
                className="h-1.5 rounded-full"
                style={{ width: `${30 * n}%`, backgroundColor: draft.secondary_color }}
              />
            </div>
            <p className="mt-2 text-lg font-bold">R {(49.99 * n).toFixed(2)}</p>
            <span className="mt-3 inline-flex h-10 w-full items-center justify-center rounded-lg bg-brand-600 text-sm font-medium text-white">
              {t('preview.sample_add')}
            </span>
            <span className="mt-2 block text-center text-sm font-medium text-brand-700 underline">
              {t('preview.sample_link')}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

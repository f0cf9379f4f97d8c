import { storedBranding, type brandingContracts, type BrandingFont, type StoredBranding } from '@tt/domain';
import { call, endpoint } from './api';

/**
 * The branding's work that waits until the page has loaded (ADR 049): the server's copy, the palette derived from
 * it (storedBranding), and the fonts' files. Loaded by lib/branding.ts after the first paint, and by the
 * customizer; it imports nothing of lib/branding.ts, so the two make no cycle.
 */
const getBranding = endpoint<typeof brandingContracts.get>('GET', '/api/branding');

/** Spec 2's fonts, shipped by the app (latin, woff2): a font's files are asked for only when it is chosen. */
const FONT_FILES: Record<Exclude<BrandingFont, 'system'>, () => Promise<unknown>[]> = {
  inter: () => [
    import('@fontsource/inter/latin-400.css'),
    import('@fontsource/inter/latin-500.css'),
    import('@fontsource/inter/latin-600.css'),
    import('@fontsource/inter/latin-700.css'),
  ],
  poppins: () => [
    import('@fontsource/poppins/latin-400.css'),
    import('@fontsource/poppins/latin-500.css'),
    import('@fontsource/poppins/latin-600.css'),
    import('@fontsource/poppins/latin-700.css'),
  ],
  roboto: () => [
    import('@fontsource/roboto/latin-400.css'),
    import('@fontsource/roboto/latin-500.css'),
    import('@fontsource/roboto/latin-600.css'),
    import('@fontsource/roboto/latin-700.css'),
  ],
  open_sans: () => [
    import('@fontsource/open-sans/latin-400.css'),
    import('@fontsource/open-sans/latin-500.css'),
    import('@fontsource/open-sans/latin-600.css'),
    import('@fontsource/open-sans/latin-700.css'),
  ],
  lato: () => [import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')],
  source_sans_pro: () => [
    import('@fontsource/source-sans-pro/latin-400.css'),
    import('@fontsource/source-sans-pro/latin-600.css'),
    import('@fontsource/source-sans-pro/latin-700.css'),
  ],
  ubuntu: () => [
    import('@fontsource/ubuntu/latin-400.css'),
    import('@fontsource/ubuntu/latin-500.css'),
    import('@fontsource/ubuntu/latin-700.css'),
  ],
  nunito: () => [
    import('@fontsource/nunito/latin-400.css'),
    import('@fontsource/nunito/latin-500.css'),
    import('@fontsource/nunito/latin-600.css'),
    import('@fontsource/nunito/latin-700.css'),
  ],
};
const fontsLoaded = new Set<BrandingFont>();

/** Asks for a font's files (once); resolves when their stylesheets are in. */
export function loadFont(font: BrandingFont): Promise<void> {
  if (font === 'system' || fontsLoaded.has(font)) return Promise.resolve();
  fontsLoaded.add(font);
  return Promise.all(FONT_FILES[font]()).then(
    () => undefined,
    () => {
      fontsLoaded.delete(font);
    },
  );
}

/** The server's current branding as this device keeps it; the browser revalidates its copy (ETag): a 304 when unchanged. */
export async function fetchStoredBranding(): Promise<StoredBranding> {
  return storedBranding(await call(getBranding));
}

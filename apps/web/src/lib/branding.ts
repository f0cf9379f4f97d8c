import { useSyncExternalStore } from 'react';
import {
  BRANDING_STORAGE_KEY,
  DEFAULT_BRANDING,
  storedBranding,
  type Branding,
  type brandingContracts,
  type BrandingFont,
  type StoredBranding,
} from '@tt/domain';
import { call, endpoint } from './api';

/**
 * The deployment's branding as this device applies it (ADR 049). index.html's head script applies the copy kept in
 * localStorage before the first paint (colours, app name, logo: first-screen.ts); the app keeps that copy, and
 * asks the server for the current one only once the page has loaded, in the background (a 304 when unchanged).
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

function readStored(): StoredBranding | null {
  try {
    const raw = localStorage.getItem(BRANDING_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as StoredBranding) : null;
    return value && typeof value.v === 'number' && typeof value.vars === 'object' ? value : null;
  } catch {
    return null;
  }
}

let current: StoredBranding | null = typeof window === 'undefined' ? null : readStored();
let applied: string[] = [];
const listeners = new Set<() => void>();

/** Puts a branding on the page: Tailwind's brand variables and the font on the root, the document's title. */
function apply(branding: StoredBranding | null) {
  const root = document.documentElement;
  const vars = branding?.vars ?? {};
  for (const name of applied) if (!(name in vars)) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  applied = Object.keys(vars);
  document.title = branding?.name ?? DEFAULT_BRANDING.app_name;
  if (branding) void loadFont(branding.font);
}

/** Takes the server's branding: applied, kept for the next start, and every Logo drawn again. */
export function adoptBranding(branding: Branding) {
  const next = storedBranding(branding);
  try {
    localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode: applied for this visit only.
  }
  const changed = JSON.stringify(next) !== JSON.stringify(current);
  current = next;
  apply(next);
  if (changed) listeners.forEach((listener) => listener());
}

/** Asks the server for the current branding; the browser revalidates its copy (ETag), so unchanged costs a 304. */
export async function refreshBranding(): Promise<void> {
  try {
    adoptBranding(await call(getBranding));
  } catch {
    // Offline or refused: the copy kept stays applied; the next start asks again.
  }
}

let started = false;
/**
 * Once per start, after the first render: the kept copy's font (the head script cannot know its files), then the
 * server's copy once the page has loaded and the browser is idle (never on the first paint's path).
 */
export function startBranding() {
  if (started) return;
  started = true;
  apply(current);
  const later = () => {
    const idle = (window as { requestIdleCallback?: (f: () => void, o?: object) => void })
      .requestIdleCallback;
    if (idle) idle(() => void refreshBranding(), { timeout: 3000 });
    else setTimeout(() => void refreshBranding(), 200);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** The branding this device applies (null: the product's own). */
export function useBranding(): StoredBranding | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

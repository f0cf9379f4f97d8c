import { useSyncExternalStore } from 'react';
import {
  BRANDING_STORAGE_KEY,
  DEFAULT_APP_NAME,
  DEFAULT_PRIMARY_COLOR,
  type StoredBranding,
} from '@tt/domain';

/**
 * The deployment's branding as this device applies it (ADR 049). index.html's head script applies the copy kept in
 * localStorage before the first paint (colours, app name, logo: first-screen.ts); the app keeps that copy, and
 * asks the server for the current one only once the page has loaded, in the background (a 304 when unchanged).
 * What that needs (the palette's rules, the fonts' files, the call) is in branding-sync.ts, loaded then: the first
 * load carries only this store.
 */
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
/** The browser's bar colour (index.html's theme-color) follows the brand colour; the product's own when unbranded. */
const themeMeta = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
let applied: string[] = [];
const listeners = new Set<() => void>();

/** Puts a branding on the page: Tailwind's brand variables and the font on the root, the document's title. */
function apply(branding: StoredBranding | null) {
  const root = document.documentElement;
  const vars = branding?.vars ?? {};
  for (const name of applied) if (!(name in vars)) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  applied = Object.keys(vars);
  document.title = branding?.name ?? DEFAULT_APP_NAME;
  themeMeta()?.setAttribute('content', vars['--color-brand-500'] ?? DEFAULT_PRIMARY_COLOR);
  const font = branding?.font;
  if (font && font !== 'system') void import('./branding-sync').then((sync) => sync.loadFont(font));
}

/** Applies a branding, keeps it for the next start, and draws every Logo again . */
export function setBranding(next: StoredBranding) {
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
    // Offline or refused: the kept copy stays applied; the next start asks again.
    const refresh = () =>
      void import('./branding-sync')
        .then((sync) => sync.fetchStoredBranding())
        .then(setBranding, () => undefined);
    if (idle) idle(refresh, { timeout: 3000 });
    else setTimeout(refresh, 200);
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

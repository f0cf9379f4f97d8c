import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Issue 9 (screens on a cheap phone): what the first screen does not show waits until the main thread is idle
 * after it has painted, so it neither delays that paint nor blocks the first taps. True from then on.
 */
export function useAfterFirstPaint() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (typeof window.requestIdleCallback === 'function') {
      // The timeout: a page that is never idle (an animation) still gets its bell within a few seconds.
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 500);
    return () => window.clearTimeout(id);
  }, [ready]);
  return ready;
}

/** Tailwind's `lg` breakpoint (64rem): the width at which the shell shows its sidebar. */
export const DESKTOP_QUERY = '(min-width: 64rem)';

/**
 * Whether a media query matches, following it as the window is resized. For parts that are only shown at
 * some widths, rendering them only there saves the phone the work of building what CSS would hide.
 */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * Takes away the landing page's first paint (plain HTML in index.html, shown on / until the app renders,
 * `apps/web/first-screen.ts`): LandingPage once it has rendered the same in its place, any other screen at once.
 */
export function removeFirstPaint() {
  document.getElementById('first-paint')?.remove();
}

/** localStorage: set while the last visit was signed in (read by index.html's first-paint script as well). */
export const SIGNED_IN_KEY = 'signed_in';

declare global {
  interface Window {
    /** The text key of the first paint's button tapped before the app took over (first-screen.ts). */
    __ttTap?: string;
  }
}

/**
 * The button of the landing page's first paint that was tapped before the app had loaded (its text key, e.g.
 * `landing:hero.try_demo`), once: LandingPage does what that tap asked for when it takes the first paint's place.
 */
export function takeFirstPaintTap(): string | undefined {
  const tap = window.__ttTap;
  delete window.__ttTap;
  return tap;
}

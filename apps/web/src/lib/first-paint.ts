import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { SIGNED_IN_COOKIE } from '@tt/domain';

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
      // A transition: what waited is rendered in slices, not in one long task of its own.
      const id = window.requestIdleCallback(() => startTransition(() => setReady(true)), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => startTransition(() => setReady(true)), 500);
    return () => window.clearTimeout(id);
  }, [ready]);
  return ready;
}

/**
 * Resolves once `promise` has settled or `ms` have passed, whichever comes first, and never rejects. The first
 * render waits so for the user and the first screen's data (main.tsx, ADR 038).
 */
export function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const settled = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(settled, settled);
  });
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
 * Takes away the first paint (plain HTML in index.html, `apps/web/first-screen.ts`): the landing page's, shown on
 * / until LandingPage renders the same in its place, or the signed-in shell's, until AppShell has rendered the
 * opened screen in its place (`ShellFirstPaintGone`).
 */
export function removeFirstPaint() {
  document.getElementById('first-paint')?.remove();
  held = false;
  for (const then of whenGone.splice(0)) then();
}

let held = false;
const whenGone: (() => void)[] = [];

/**
 * The marketplace's first paint (its filter bar and first row of cards, features/products/first-paint.ts) stays
 * until ProductsPage has the same answers to draw in its place: ProductsPage holds it (in a layout effect, which
 * runs before the shell's), so the shell does not take it away when the screen first renders.
 */
export function holdFirstPaint() {
  held = document.getElementById('first-paint')?.hasAttribute('data-products') ?? false;
}

/** Whether a screen holds the first paint (holdFirstPaint). */
export function isFirstPaintHeld() {
  return held;
}

/** Runs `then` once the first paint has gone (at once if it has). */
export function afterFirstPaint(then: () => void) {
  if (document.getElementById('first-paint')) whenGone.push(then);
  else then();
}

/** Whether the first paint still shown is the signed-in shell's (which AppShell takes away, not the router). */
export function isShellFirstPaint() {
  return document.getElementById('first-paint')?.hasAttribute('data-shell') ?? false;
}

/**
 * localStorage: set while the last visit was signed in (read by index.html's first-paint script as well). Its
 * value is what the signed-in first paint shows before anything has answered: the role (badge, subtitles) and the
 * first name of the greeting, `{"role":"retailer","name":"Thabo"}`. Taken away on signing out or a session's end.
 */
export const SIGNED_IN_KEY = 'signed_in';

/** What SIGNED_IN_KEY keeps of the signed-in user. */
export function signedInMarker(user: { role: string; name: string }) {
  return JSON.stringify({ role: user.role, name: user.name.split(' ')[0] ?? '' });
}

/** The text key of the shell first paint's menu button (first-paint.html's data-tap): AppShell opens the menu. */
export const MENU_TAP = 'common:shell.open_menu';

declare global {
  interface Window {
    /** The text key of the first paint's button tapped before the app took over (first-screen.ts). */
    __ttTap?: string;
    /** Whether the server's signed-in hint cookie was there when the page loaded (read once, by first-screen.ts). */
    __ttSignedInHint?: boolean;
  }
}

/**
 * Whether the server's signed-in hint cookie (SIGNED_IN_COOKIE, set beside the session) is there: as index.html's
 * head script found it when the page loaded, or read now (the head script did not run: a test, the dev server).
 */
export function signedInHint(): boolean {
  return (
    window.__ttSignedInHint ?? document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`))
  );
}

/**
 * The button of the first paint that was tapped before the app had loaded (its text key, e.g.
 * `landing:hero.try_demo`), once: LandingPage (or AppShell, for MENU_TAP) does what that tap asked for when it
 * takes the first paint's place. `only`: taken only if it is that one.
 */
export function takeFirstPaintTap(only?: string): string | undefined {
  const tap = window.__ttTap;
  if (only !== undefined && tap !== only) return undefined;
  delete window.__ttTap;
  return tap;
}

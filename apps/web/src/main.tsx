import { StrictMode, startTransition } from 'react';
import type { AppUser } from '@tt/domain';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/queryClient';
import { createRouter } from './app/routes';
import { authKeys, meQuery } from './features/auth/api';
import { dropStartedRequests } from './lib/api';
import { SIGNED_IN_KEY, settledWithin, signedInHint, signedInMarker } from './lib/first-paint';
import { initI18n, preloadTranslations } from './lib/i18n';
import { paths } from './lib/paths';
import './index.css';

// Issue 9 (a cheap phone on a slow network): the first screen needs the translations, the signed-in user
// and its own chunk. Asked one after the other they were three round trips before anything showed; all
// three start now, side by side. (The router's lazy route then finds the chunk already loaded.) The user and
// the screen's data were asked for earlier still, by index.html's head script: `call()` takes those answers.
const queryClient = createQueryClient();
/** How long the first render waits for the user and the first screen's data (see below). */
const FIRST_DATA_WAIT_MS = 1000;
// Remembered for the next visit (read by index.html's head script too): the landing page's first paint is not
// shown to someone who was signed in, who goes on to their own screen; and a visitor who was not signed in,
// opening the landing page, is not asked about (the session cookie cannot be read from here: the server's 401
// was the only answer). Kept whenever the user is known: on load, on signing in or out, on a session that ended.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  if (JSON.stringify(event.query.queryKey) !== JSON.stringify(authKeys.me())) return;
  try {
    const user = event.query.state.data as AppUser | null | undefined;
    // What the signed-in first paint shows at once next time (index.html): the role and the first name.
    if (user) localStorage.setItem(SIGNED_IN_KEY, signedInMarker(user));
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Private mode: the landing page's first paint shows, then gives way to the screen.
  }
});
let wasSignedIn = false;
try {
  wasSignedIn = localStorage.getItem(SIGNED_IN_KEY) !== null;
} catch {
  wasSignedIn = true;
}
// A sign-in in another tab sets the marker in the same storage and the server's hint cookie beside the session;
// a session that has ended is asked about (401: null, and the marker goes).
const hinted = signedInHint();
const visitor = window.location.pathname === paths.home && !wasSignedIn && !hinted;
if (visitor) queryClient.setQueryData(authKeys.me(), null);
const signedIn = visitor
  ? Promise.resolve(false)
  : queryClient.fetchQuery(meQuery()).then(
      (user) => user !== null,
      () => false,
    );
const firstScreens: Record<
  string,
  { chunk: () => Promise<unknown>; namespace: string; data?: () => Promise<unknown> }
> = {
  [paths.home]: { chunk: () => import('./features/landing/LandingPage'), namespace: 'landing' },
  [paths.dashboard]: {
    chunk: () => import('./features/dashboard/DashboardPage'),
    namespace: 'dashboard',
    data: () => import('./features/dashboard/api').then((m) => queryClient.prefetchQuery(m.dashboardQuery())),
  },
  [paths.products]: {
    chunk: () => import('./features/products/ProductsPage'),
    namespace: 'products',
    data: () =>
      Promise.all([import('./features/products/api'), import('./features/cart/api')]).then(([m, cart]) => {
        const user = queryClient.getQueryData<AppUser | null>(authKeys.me());
        return Promise.all([
          queryClient.prefetchQuery(m.categoriesQuery()),
          queryClient.prefetchQuery(m.planRestrictionsQuery()),
          // The first page of the unfiltered list (the screen asks for the same key): the pictures that
          // are the screen's largest paint wait on it, so it no longer waits for the screen to render.
          ...(window.location.search === '' ? [queryClient.prefetchInfiniteQuery(m.productsQuery({}))] : []),
          // A buyer's cart (View Cart's count), which the head script asked for to draw the marketplace's first paint.
          ...(user && cart.canBuy(user.role) ? [queryClient.prefetchQuery(cart.cartQuery())] : []),
        ]);
      }),
  },
};
const firstScreen = firstScreens[window.location.pathname];
/** Who is signed in and, when someone is, the first screen's data: in React Query, or failed. */
let firstData: Promise<unknown> = signedIn;
if (firstScreen) {
  void firstScreen.chunk().catch(() => undefined);
  preloadTranslations(['common', firstScreen.namespace]);
  // The screen's own data (its calls already under way from the head script), once it is known that someone
  // is signed in; a visitor's (refused) answers are dropped unread, as are any the screen did not take.
  const { data } = firstScreen;
  firstData = signedIn.then((yes) => (yes && data ? data() : undefined)).catch(() => undefined);
}
void firstData.finally(dropStartedRequests);
if (window.location.pathname !== paths.home) void import('./app/shell/AppShell').catch(() => undefined);

/**
 * The rest of the start, in a function rather than at the module's top level: a top-level await keeps this module
 * evaluating until the last one, and every chunk that imports from it (the screens' data modules that the first
 * screen's data() imports among them) waits for that before it can run. The first screen's data then came in only
 * after the first render, whatever the network did (ADR 038).
 */
async function start() {
  await initI18n();
  // index.html's head script starts this module itself, at once: from the browser's cache it can run before the
  // page below the head has been read (an inline script there waits for the stylesheet), so #root may not exist yet.
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  // The router (its routes flattened and ranked, the first match found) is built here, while the first screen's data
  // is on its way, not by the first render: there it was one piece of work that React could not slice, 27 ms at a
  // phone's speed (a profile, the CPU slowed 4x), which held one slice of that render as long (ADR 039).
  const router = createRouter();
  // Issue 9 (ADR 038): the user and the first screen's data, asked for by the head script as the page opened, are in
  // React Query before the first render, so that render draws the screen with them. Arriving between that render and
  // its commit, they made React draw the screen again at once, in one task (a store read with useSyncExternalStore
  // that changed under a render is read again synchronously): the marketplace's 24 cards, 130 ms here. At most
  // FIRST_DATA_WAIT_MS: on a slow line the screen is drawn without them, as before, and they show when they come.
  await settledWithin(firstData, FIRST_DATA_WAIT_MS);
  // Issue 9 (a cheap phone's blocking time): the first render is a transition, which React renders in slices of a
  // few milliseconds with the main thread free between them (a plain render was one task of some 80 ms here, over
  // 300 ms at a phone's speed); and it starts in a task of its own, after the one that ran the app's modules.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App client={queryClient} router={router} />
      </StrictMode>,
    ),
  );

  // The generated worker takes over at once (autoUpdate), so registering it is all there is to do;
  // registering by hand keeps workbox-window out of the first load.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () =>
      void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    // The translations are awaited above, so the page may have finished loading already.
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

void start();

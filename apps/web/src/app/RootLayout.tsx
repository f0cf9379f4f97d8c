import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { startBranding } from '../lib/branding';
import { isShellFirstPaint, removeFirstPaint } from '../lib/first-paint';
import { paths } from '../lib/paths';

/**
 * Every screen: a new screen opens at the top and Back returns to where the list was scrolled
 * (issue 10 point 5; Governance once opened at scrollY 599, the list's position).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const inShell = useMatches().some((m) => (m.handle as { shell?: boolean } | undefined)?.shell);
  // The landing page's first paint (index.html) is for / only; LandingPage itself replaces it there. The
  // signed-in shell's is AppShell's to take away, once the screen has rendered in its place (routes marked
  // `shell`); any other route (the sign-in callback, an unknown address) takes it away at once.
  useLayoutEffect(() => {
    if (pathname !== paths.home && !(inShell && isShellFirstPaint())) removeFirstPaint();
  }, [pathname, inShell]);
  // The deployment's branding: the kept copy's font, then the server's copy once the page has loaded (ADR 049).
  useEffect(startBranding, []);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isShellFirstPaint, removeFirstPaint } from '../lib/first-paint';
import { paths } from '../lib/paths';

/**
 * Every screen: a new screen opens at the top and Back returns to where the list was scrolled
 * (issue 10 point 5; Governance once opened at scrollY 599, the list's position).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // The landing page's first paint (index.html) is for / only; LandingPage itself replaces it there. The
  // signed-in shell's is AppShell's to take away, once the screen has rendered in its place.
  useLayoutEffect(() => {
    if (pathname !== paths.home && !isShellFirstPaint()) removeFirstPaint();
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

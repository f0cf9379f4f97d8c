import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { removeFirstPaint } from '../lib/first-paint';
import { paths } from '../lib/paths';

/**
 * Every screen: a new screen opens at the top and Back returns to where the list was scrolled
 * (issue 10 point 5; Governance once opened at scrollY 599, the list's position).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  // The landing page's first paint (index.html) is for / only; LandingPage itself replaces it there.
  useLayoutEffect(() => {
    if (pathname !== paths.home) removeFirstPaint();
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

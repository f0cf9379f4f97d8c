import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Every screen: a new screen opens at the top and Back returns to where the list was scrolled
 * (issue 10 point 5; Governance once opened at scrollY 599, the list's position).
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

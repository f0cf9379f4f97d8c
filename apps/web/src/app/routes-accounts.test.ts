import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ACCOUNT_PAGES } from '@tt/domain';
import { paths } from '../lib/paths';
import { SignedOutOnly } from './guards';
import { RootLayout } from './RootLayout';
import { routes } from './routes';

/** Every routed path, with the guards (layout elements) it is drawn inside. */
function routed(table: RouteObject[], inside: unknown[] = []): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  for (const route of table) {
    const guards = route.element ? [...inside, (route.element as { type: unknown }).type] : inside;
    if (route.path) found.set(route.path, guards);
    for (const [path, within] of routed(route.children ?? [], guards)) found.set(path, within);
  }
  return found;
}

describe('the account pages', () => {
  const table = routed(routes);

  it('are at the paths the server’s links open', () => {
    expect({ login: paths.login, signup: paths.signup, resetPassword: paths.resetPassword }).toEqual(
      ACCOUNT_PAGES,
    );
  });

  it('sign in, sign up and the forgotten password are for the signed out; a signed-in user goes on', () => {
    for (const path of [paths.login, paths.signup, paths.forgotPassword])
      expect(table.get(path), path).toContain(SignedOutOnly);
  });

  it('a password link opens whether signed in or not: inside the root layout alone', () => {
    expect(table.get(paths.resetPassword)).toEqual([RootLayout]);
  });
});

import { paths } from './paths';

/**
 * Where a signed-out visitor was going (issue 10 point 5): a deep link opened while signed out is
 * remembered for this tab (sessionStorage survives the provider's redirect) and opened after signing
 * in. Only a path of this site is ever followed, never another origin.
 */
const KEY = 'tt.return-to';

/** The path (with query and hash) if `value` names a page of this site, else null. */
export function sameOriginPath(value: unknown, origin = window.location.origin): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // A backslash or a control character can make a browser read "/\\evil" as another host.
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberReturnTo(path: string) {
  const safe = sameOriginPath(path);
  if (safe && safe !== paths.home) storage()?.setItem(KEY, safe);
}

/** Where to go after signing in: the remembered page, or the dashboard. */
export function returnTo(): string {
  return sameOriginPath(storage()?.getItem(KEY)) ?? paths.dashboard;
}

export function forgetReturnTo() {
  storage()?.removeItem(KEY);
}

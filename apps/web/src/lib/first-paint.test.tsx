import { SIGNED_IN_COOKIE } from '@tt/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInHint } from './first-paint';

const setCookie = (name: string) => {
  document.cookie = `${name}=1; Path=/`;
};
// An expiry in the past, not Max-Age=0: the light DOM may count a cookie expiring this very millisecond as live.
const clearCookie = (name: string) => {
  document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};
const NAMES = [SIGNED_IN_COOKIE, `${SIGNED_IN_COOKIE}_old`, 'other'];

describe('signedInHint', () => {
  beforeEach(() => {
    expect(document.cookie).toBe('');
    expect(window.__ttSignedInHint).toBeUndefined();
  });
  afterEach(() => {
    delete window.__ttSignedInHint;
    NAMES.forEach(clearCookie);
  });

  it("takes the head script's reading when there is one, without reading the cookie again", () => {
    setCookie(SIGNED_IN_COOKIE);
    window.__ttSignedInHint = false;
    expect(signedInHint()).toBe(false);
    clearCookie(SIGNED_IN_COOKIE);
    window.__ttSignedInHint = true;
    expect(signedInHint()).toBe(true);
  });

  it('reads the cookie itself when the head script did not run', () => {
    setCookie('other');
    expect(signedInHint()).toBe(false);
    setCookie(SIGNED_IN_COOKIE);
    expect(signedInHint()).toBe(true);
  });

  it('does not take a cookie whose name only begins the same', () => {
    setCookie(`${SIGNED_IN_COOKIE}_old`);
    expect(signedInHint()).toBe(false);
  });
});

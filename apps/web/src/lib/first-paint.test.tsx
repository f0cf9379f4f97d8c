import { SIGNED_IN_COOKIE } from '@tt/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInHint } from './first-paint';

const setCookie = (value: string) => {
  document.cookie = value;
};

describe('signedInHint', () => {
  afterEach(() => {
    delete window.__ttSignedInHint;
    setCookie(`${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/`);
    setCookie('other=; Max-Age=0; Path=/');
  });

  it("takes the head script's reading when there is one, without reading the cookie again", () => {
    setCookie(`${SIGNED_IN_COOKIE}=1; Path=/`);
    window.__ttSignedInHint = false;
    expect(signedInHint()).toBe(false);
    setCookie(`${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/`);
    window.__ttSignedInHint = true;
    expect(signedInHint()).toBe(true);
  });

  it('reads the cookie itself when the head script did not run', () => {
    setCookie('other=1; Path=/');
    expect(signedInHint()).toBe(false);
    setCookie(`${SIGNED_IN_COOKIE}=1; Path=/`);
    expect(signedInHint()).toBe(true);
  });

  it('does not take a cookie whose name only begins the same', () => {
    setCookie(`${SIGNED_IN_COOKIE}_old=1; Path=/`);
    expect(signedInHint()).toBe(false);
    setCookie(`${SIGNED_IN_COOKIE}_old=; Max-Age=0; Path=/`);
  });
});

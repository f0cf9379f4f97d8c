import { SIGNED_IN_COOKIE } from '@tt/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledWithin, signedInHint } from './first-paint';

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

describe('settledWithin', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether the promise has resolved by now (its callbacks run once the microtasks have). */
  async function isDone(promise: Promise<void>) {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('resolves as soon as the promise resolves or fails, before the time is up', async () => {
    let answer!: () => void;
    const answered = settledWithin(new Promise<void>((resolve) => (answer = resolve)), 1000);
    await vi.advanceTimersByTimeAsync(400);
    expect(await isDone(answered)).toBe(false);
    answer();
    expect(await isDone(answered)).toBe(true);

    let fail!: (error: Error) => void;
    const failed = settledWithin(new Promise<void>((_resolve, reject) => (fail = reject)), 1000);
    fail(new Error('offline'));
    expect(await isDone(failed)).toBe(true);
    await expect(failed).resolves.toBeUndefined();
  });

  it('resolves once the time is up when the promise is still pending, and not before', async () => {
    const waited = settledWithin(new Promise(() => undefined), 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await isDone(waited)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone(waited)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

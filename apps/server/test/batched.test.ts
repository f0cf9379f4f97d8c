import { describe, expect, it } from 'vitest';
import { Batched } from '../src/db/batched.ts';

/** A read whose calls are held until the test lets each go: what each call was given, in order. */
function heldReads() {
  const calls: { asks: number[]; release: (answers?: string[]) => void; fail: (error: Error) => void }[] = [];
  const read = (asks: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        asks,
        release: (answers) => resolve(answers ?? asks.map((a) => `answer ${a}`)),
        fail: reject,
      });
    });
  return { calls, read };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('Batched: work asked for many times at once, read together', () => {
  it('reads a lone ask at once, alone, and the asks that came in meanwhile together in the next call', async () => {
    const { calls, read } = heldReads();
    const batched = new Batched(read, 1, 10);
    const first = batched.ask(1);
    expect(calls.map((c) => c.asks)).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => batched.ask(n));
    // Nothing more is sent while the one call allowed is under way.
    expect(calls).toHaveLength(1);
    calls[0]!.release();
    expect(await first).toBe('answer 1');
    await settled();
    expect(calls.map((c) => c.asks)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.release();
    expect(await Promise.all(later)).toEqual(['answer 2', 'answer 3', 'answer 4']);
  });

  it('keeps up to maxRunning calls under way and never puts more than limit asks in one', async () => {
    const { calls, read } = heldReads();
    const batched = new Batched(read, 2, 3);
    const answers = Array.from({ length: 9 }, (_, n) => batched.ask(n));
    expect(calls.map((c) => c.asks)).toEqual([[0], [1]]);
    calls[0]!.release();
    await settled();
    expect(calls.map((c) => c.asks)).toEqual([[0], [1], [2, 3, 4]]);
    calls[1]!.release();
    await settled();
    expect(calls[3]!.asks).toEqual([5, 6, 7]);
    calls[2]!.release();
    await settled();
    expect(calls[4]!.asks).toEqual([8]);
    calls[3]!.release();
    calls[4]!.release();
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 9 }, (_, n) => `answer ${n}`));
  });

  it('fails every ask of a call that fails, or that answers a wrong count, and goes on with the next', async () => {
    const { calls, read } = heldReads();
    const batched = new Batched(read, 1, 10);
    const first = batched.ask(1);
    const pair = [batched.ask(2), batched.ask(3)];
    calls[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settled();
    calls[1]!.release(['only one']);
    for (const ask of pair) await expect(ask).rejects.toThrow('1 answers for 2 asks');
    const after = batched.ask(4);
    await settled();
    calls[2]!.release();
    expect(await after).toBe('answer 4');
  });

  it('fails the asks of a call that throws before it returns a promise', async () => {
    const batched = new Batched<number, string>(
      () => {
        throw new Error('no statement');
      },
      1,
      5,
    );
    await expect(batched.ask(1)).rejects.toThrow('no statement');
    await expect(batched.ask(2)).rejects.toThrow('no statement');
  });
});

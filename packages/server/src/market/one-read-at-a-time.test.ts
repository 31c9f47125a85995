import { describe, expect, it } from 'vitest';
import { oneReadAtATime } from './one-read-at-a-time.ts';

/** A read that waits until released, counting how many started and how many ran at once. */
function gatedRead() {
  const gates: (() => void)[] = [];
  const seen = { started: 0, running: 0, most: 0 };
  const read = () => {
    seen.started += 1;
    seen.running += 1;
    seen.most = Math.max(seen.most, seen.running);
    return new Promise<void>((resolve) =>
      gates.push(() => {
        seen.running -= 1;
        resolve();
      }),
    );
  };
  const release = async () => {
    gates.shift()?.();
    // Let the finished read's follow-up start.
    await new Promise((r) => setImmediate(r));
  };
  return { read, release, seen };
}

describe('one read at a time', () => {
  it('calls during a read make one more read after it, never two at once', async () => {
    const { read, release, seen } = gatedRead();
    const refresh = oneReadAtATime(read);
    void refresh();
    void refresh();
    void refresh();
    expect(seen.started).toBe(1);
    await release();
    expect(seen.started).toBe(2);
    await release();
    expect(seen.started).toBe(2);
    expect(seen.most).toBe(1);
  });

  it('a call during a read settles only after the read that began after it', async () => {
    const { read, release, seen } = gatedRead();
    const refresh = oneReadAtATime(read);
    void refresh();
    let settled = false;
    void refresh().then(() => (settled = true));
    await release();
    expect(seen.started).toBe(2);
    expect(settled).toBe(false);
    await release();
    expect(settled).toBe(true);
  });

  it('a failed read is not thrown to the caller and the next call reads again', async () => {
    let calls = 0;
    const refresh = oneReadAtATime(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve();
    });
    await expect(refresh()).resolves.toBeUndefined();
    await refresh();
    expect(calls).toBe(2);
  });
});

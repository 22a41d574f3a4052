import { describe, expect, it } from 'vitest';
import { createGroupWriter } from './group-writer.js';

/** A writeGroup whose calls are kept and finished by the test. */
function recordingWrites() {
  const calls: Array<{ items: number[]; finish: () => void; fail: (error: Error) => void }> = [];
  const writeGroup = (items: number[]) =>
    new Promise<void>((finish, fail) => {
      calls.push({ items, finish, fail });
    });
  return { calls, writeGroup };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));
const NEVER = 1e9;

describe('group writer (the delivery engine’s outcomes)', () => {
  it('writes what waits in one group, in order, when flushed', async () => {
    const { calls, writeGroup } = recordingWrites();
    const writer = createGroupWriter(writeGroup, NEVER, 100);
    const stored = [1, 2, 3, 4, 5].map((n) => writer.write(n));
    await settled();
    expect(calls).toEqual([]);
    writer.flush();
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3, 4, 5]]);
    calls[0].finish();
    await Promise.all(stored);
  });

  it('writes a full group at once, one group at a time, and the rest when flushed', async () => {
    const { calls, writeGroup } = recordingWrites();
    const writer = createGroupWriter(writeGroup, NEVER, 3);
    const stored = [1, 2, 3, 4, 5, 6, 7].map((n) => writer.write(n));
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3]]);
    calls[0].finish();
    await settled();
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3], [4, 5, 6]]);
    writer.flush(); // while a group is being written: the rest follows it
    expect(calls).toHaveLength(2);
    calls[1].finish();
    await settled();
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    calls[2].finish();
    await Promise.all(stored);
  });

  it('writes an item once its window has passed, without a flush', async () => {
    const groups: number[][] = [];
    const writer = createGroupWriter(async (items: number[]) => void groups.push(items), 1, 100);
    await writer.write(1);
    expect(groups).toEqual([[1]]);
  });

  it('fails only the items of a group whose write failed', async () => {
    const { calls, writeGroup } = recordingWrites();
    const writer = createGroupWriter(writeGroup, NEVER, 2);
    const first = [1, 2].map((n) => writer.write(n));
    const second = writer.write(3);
    calls[0].fail(new Error('database gone'));
    for (const item of first) await expect(item).rejects.toThrow('database gone');
    writer.flush();
    await settled();
    expect(calls[1].items).toEqual([3]);
    calls[1].finish();
    await expect(second).resolves.toBeUndefined();
  });
});

/**
 * How long an answered outcome may wait to be written together with the next ones, and how many are written
 * in one statement at most. Why waiting is safe: until its outcome is stored a message's row stays
 * 'sending' under this engine's lease, so a process killed meanwhile loses nothing (another engine takes the
 * row once the lease has run out) and sends it again, as it does a message that was on the wire at the kill.
 * The window only adds the answers of its last 20 ms to those: at full speed about one message per SMTP
 * connection (a 1 MB release takes a connection ~15 ms), at a SEND_RATE of tens a second usually none. It
 * never outlasts the batch (the batch's end writes what waits, and a stop ends the batch), so it never
 * outlasts the lease either. What it saves: one statement per message. On the embedded database every
 * statement runs on the engine's own thread (~3 ms each), which capped the engine at ~150 msg/s.
 */
const OUTCOME_WINDOW_MS = 20;
const OUTCOME_GROUP_MAX = 100;

/**
 * Writes items in groups: an item waits at most `windowMs` for others (or until `maxItems` wait) and the
 * group goes in one call of `writeGroup`; groups are written one at a time, in order. `flush` writes what
 * waits now, without its window. Each `write` resolves once its item is stored.
 */
export function createGroupWriter<T>(writeGroup: (items: T[]) => Promise<void>, windowMs = OUTCOME_WINDOW_MS, maxItems = OUTCOME_GROUP_MAX) {
  type Waiting = { item: T; dueAt: number; done: () => void; failed: (error: unknown) => void };
  const pending: Waiting[] = [];
  let writing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function next(): void {
    if (writing || !pending.length) return;
    const wait = pending.length >= maxItems ? 0 : pending[0].dueAt - performance.now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = undefined;
        next();
      }, wait);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    const group = pending.splice(0, maxItems);
    void writeGroup(group.map((p) => p.item)).then(
      () => group.forEach((p) => p.done()),
      (error: unknown) => group.forEach((p) => p.failed(error)),
    ).finally(() => {
      writing = false;
      next();
    });
  }

  return {
    write(item: T): Promise<void> {
      return new Promise<void>((done, failed) => {
        pending.push({ item, dueAt: performance.now() + windowMs, done, failed });
        next();
      });
    },
    flush(): void {
      for (const p of pending) p.dueAt = 0;
      next();
    },
  };
}

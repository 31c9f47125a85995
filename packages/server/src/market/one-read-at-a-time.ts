/**
 * A read that runs after events (each tick, each flush of the feed) but never twice at once: a
 * call while one runs asks for one more after it, however many calls came, so the last event is
 * always read and a burst of them costs two reads, not one each. Each call's promise settles once
 * a read that began after the call is done, so a caller that stored something and then awaits
 * the read sees it. A failed read is left for the next event to repeat.
 */
export function oneReadAtATime(read: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    if (running) {
      next ??= running.then(() => {
        next = null;
        return start();
      });
      return next;
    }
    running = read()
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  return start;
}

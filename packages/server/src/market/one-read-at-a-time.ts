/**
 * A read that runs after events (each tick, each flush of the feed) but never twice at once: a
 * call while one runs asks for one more after it, however many calls came, so the last event is
 * always read and a burst of them costs two reads, not one each. A failed read is left for the
 * next event to repeat.
 */
export function oneReadAtATime(read: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const start = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = read()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void start();
        }
      });
    return running;
  };
  return start;
}

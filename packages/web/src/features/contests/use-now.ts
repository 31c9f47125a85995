import { useEffect, useState } from 'react';

/** The clock, ticking every `everyMs` while the component is mounted (the countdown's seconds). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

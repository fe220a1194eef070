import { useEffect, useState } from 'react';

/** The time now, moved on every `everyMs` (a countdown, a rule that depends on the hour). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

import { useEffect, useRef, useState } from 'react';
import { secondsLeftAt } from './exam-progress.ts';

/**
 * A timed sitting's countdown (decision 0037). The server owns the deadline: the page counts down from the
 * `remainingSeconds` it served, on this device's clock (so a device whose clock is wrong still shows the
 * right time left). `onTimeUp` runs once, when the count reaches zero (at once if it already has).
 * While `paused` the count stands still; when it runs again, or the server serves a new `remainingSeconds`
 * (a resume answers it, decision 0064), it restarts from that value.
 * Returns the seconds left, or null for an untimed sitting.
 */
export function useCountdown(
  remainingSeconds: number | null,
  onTimeUp: () => void,
  paused = false,
): number | null {
  const [left, setLeft] = useState(remainingSeconds);
  const timeUp = useRef(onTimeUp);
  useEffect(() => {
    timeUp.current = onTimeUp;
  });

  useEffect(() => {
    if (remainingSeconds === null || paused) return;
    const deadline = Date.now() + remainingSeconds * 1000;
    let fired = false;
    const check = () => {
      const seconds = secondsLeftAt(deadline, Date.now());
      setLeft(seconds);
      if (seconds === 0 && !fired) {
        fired = true;
        clearInterval(tick);
        timeUp.current();
      }
    };
    const tick = setInterval(check, 250);
    const first = setTimeout(check, 0);
    return () => {
      clearInterval(tick);
      clearTimeout(first);
    };
  }, [remainingSeconds, paused]);

  return left;
}

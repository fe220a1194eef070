import { useEffect, useRef, useState } from 'react';
import { secondsLeftAt } from './exam-progress.ts';

/**
 * A timed sitting's countdown (decision 0037). The server owns the deadline: the page counts down from the
 * `remainingSeconds` it served, on this device's clock (so a device whose clock is wrong still shows the
 * right time left). `onTimeUp` runs once, when the count reaches zero (at once if it already has).
 * Returns the seconds left, or null for an untimed sitting.
 */
export function useCountdown(remainingSeconds: number | null, onTimeUp: () => void): number | null {
  const [deadline] = useState(() =>
    remainingSeconds === null ? null : Date.now() + remainingSeconds * 1000,
  );
  const [left, setLeft] = useState(remainingSeconds);
  const timeUp = useRef(onTimeUp);
  useEffect(() => {
    timeUp.current = onTimeUp;
  });

  useEffect(() => {
    if (deadline === null) return;
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
  }, [deadline]);

  return left;
}

import { useEffect, useRef, useState } from 'react';
import { sendAttemptHeartbeat } from './api/attempts-api.ts';
import { elapsedSecondsAt } from './exam-progress.ts';

/**
 * How often the page tells the server the learner is in the exam while it is visible (ADR 0018). The
 * server counts a gap of up to 45 s between two signs of life, so two missed beats still count.
 */
export const HEARTBEAT_INTERVAL_MS = 15_000;

function isVisible(): boolean {
  return document.visibilityState !== 'hidden';
}

/**
 * The exam's clock shows time spent in the exam, not time since it started (ADR 0018): it starts from
 * the server's active seconds, ticks only while the page is visible, and follows the server's count
 * after each heartbeat; it stops while not `running` (submitted, paused). While `running`, the page sends a heartbeat every 15 s while visible (and at
 * once when it becomes visible again), carrying the question the learner is on.
 */
export function useActiveTime(
  attemptId: string,
  serverSeconds: number,
  currentIndex: number,
  running: boolean,
): number {
  // The clock: `seconds` counted when it last started, at `since` (null while hidden or stopped).
  const [clock, setClock] = useState<{ seconds: number; since: number | null }>(() => ({
    seconds: serverSeconds,
    since: isVisible() ? Date.now() : null,
  }));
  const [now, setNow] = useState(() => Date.now());
  const index = useRef(currentIndex);
  useEffect(() => {
    index.current = currentIndex;
  }, [currentIndex]);

  const shown = clock.since === null ? clock.seconds : elapsedSecondsAt(clock.since, clock.seconds, now);

  useEffect(() => {
    // Stopped (submitted or paused): the clock stays where it stopped, as nothing moves it any more.
    if (!running) return;
    let cancelled = false;
    // (Re)started after a pause: count from now, not from before the pause.
    const restart = setTimeout(() => {
      const at = Date.now();
      setNow(at);
      setClock((current) => (current.since === null && isVisible() ? { ...current, since: at } : current));
    }, 0);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const beat = () => {
      if (!isVisible()) return;
      sendAttemptHeartbeat(attemptId, index.current).then(
        ({ elapsedSeconds }) => {
          if (cancelled) return;
          const at = Date.now();
          setNow(at);
          setClock((current) => {
            const local =
              current.since === null ? current.seconds : elapsedSecondsAt(current.since, current.seconds, at);
            // Follow the server, without jitter of a second either way.
            return Math.abs(local - elapsedSeconds) < 2
              ? current
              : { seconds: elapsedSeconds, since: isVisible() ? at : null };
          });
        },
        // A missed beat is only a few uncounted seconds; the next one tries again.
        () => undefined,
      );
    };
    const heartbeat = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    const onVisibility = () => {
      const at = Date.now();
      setNow(at);
      if (isVisible()) {
        setClock((current) => (current.since === null ? { ...current, since: at } : current));
        beat();
      } else {
        setClock((current) =>
          current.since === null
            ? current
            : { seconds: elapsedSecondsAt(current.since, current.seconds, at), since: null },
        );
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      clearTimeout(restart);
      // Stopping freezes the clock at the time shown.
      const at = Date.now();
      setClock((current) =>
        current.since === null
          ? current
          : { seconds: elapsedSecondsAt(current.since, current.seconds, at), since: null },
      );
      clearInterval(tick);
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [attemptId, running]);

  return shown;
}

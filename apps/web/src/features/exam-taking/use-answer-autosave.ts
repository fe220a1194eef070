import { useCallback, useEffect, useState } from 'react';
import type { Answers } from '@mlp/contract';
import { saveAttemptProgress } from './api/attempts-api.ts';
import { saveLocalAnswers } from './answers-storage.ts';

/** idle: nothing changed since load; saving: a change is on its way; retrying: a save failed. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying';

/** The save indicator's words (issue 15 item 2: these exact texts). */
export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Answers saved',
  retrying: 'Not saved, retrying',
};

/** How long answering pauses before the answers go to the server. */
const AUTOSAVE_DELAY_MS = 500;

/** Waits before retrying a failed save: 1 s, 2 s, 5 s, 10 s, then every 30 s. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

function retryDelayMs(failures: number): number {
  const index = Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? 30_000;
}

export interface Progress {
  answers: Answers;
  currentIndex: number;
}

/** The same progress gives the same key, whatever order the answers were added in. */
function progressKey(progress: Progress): string {
  const answers = Object.keys(progress.answers)
    .sort()
    .map((id) => [id, progress.answers[id]]);
  return JSON.stringify([progress.currentIndex, answers]);
}

/**
 * Sends the progress to the server one request at a time, so an older save never lands after a newer
 * one; a failed save is tried again after a back-off. Plain refs of the hook, kept out of React.
 */
class ProgressSaver {
  private latest: Progress;
  private latestKey: string;
  /** What the server is known to hold. */
  private savedKey: string;
  /** The newest progress sent, and how many sends are still in flight. */
  private sentKey: string | null = null;
  private inFlight = 0;
  private sequence = 0;
  private acknowledged = 0;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly attemptId: string,
    progress: Progress,
    saved: Progress,
    private readonly onState: (update: (current: SaveState) => SaveState) => void,
  ) {
    this.latest = progress;
    this.latestKey = progressKey(progress);
    this.savedKey = progressKey(saved);
  }

  get unsaved(): boolean {
    return this.latestKey !== this.savedKey;
  }

  /** The learner answered or moved: keep it on the device, and send it after the usual pause. */
  update(progress: Progress): void {
    this.latest = progress;
    const key = progressKey(progress);
    if (key === this.latestKey) return;
    this.latestKey = key;
    saveLocalAnswers(this.attemptId, progress.answers);
    if (this.stopped) return;
    // While retrying, the next try (on its back-off) carries the change.
    if (this.failures > 0) return;
    this.onState(() => 'saving');
    this.schedule(AUTOSAVE_DELAY_MS);
  }

  /** Answers restored from this device that the server did not have yet go out after the pause. */
  start(): void {
    if (this.unsaved && this.timer === undefined && this.inFlight === 0) this.schedule(AUTOSAVE_DELAY_MS);
  }

  /** The page is hidden or going away: what is not saved goes out now, able to outlive the page. */
  flush(): void {
    if (this.unsaved) this.send(true);
  }

  retryNow(): void {
    if (this.failures > 0) this.send(false);
  }

  pause(): void {
    this.stopped = true;
    this.cancel();
  }

  resume(): void {
    this.stopped = false;
    this.failures = 0;
    this.schedule(AUTOSAVE_DELAY_MS);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delay: number): void {
    this.cancel();
    this.timer = setTimeout(() => this.send(false), delay);
  }

  private send(keepalive: boolean): void {
    this.cancel();
    if (this.stopped) return;
    const key = this.latestKey;
    if (!this.unsaved) {
      this.onState((current) => (current === 'idle' ? 'idle' : 'saved'));
      return;
    }
    // One at a time; the one in flight sends again when it is done. Only a page going away jumps in.
    if (this.inFlight > 0 && !(keepalive && this.sentKey !== key)) return;
    const { answers, currentIndex } = this.latest;
    const seq = ++this.sequence;
    this.inFlight += 1;
    this.sentKey = key;
    saveAttemptProgress(this.attemptId, { answers, currentIndex }, { keepalive }).then(
      () => {
        this.inFlight -= 1;
        this.failures = 0;
        if (seq > this.acknowledged) {
          this.acknowledged = seq;
          this.savedKey = key;
        }
        if (this.stopped) return;
        if (!this.unsaved) this.onState(() => 'saved');
        else if (this.inFlight === 0) this.send(false);
      },
      () => {
        this.inFlight -= 1;
        if (this.stopped || this.inFlight > 0) return;
        if (!this.unsaved) {
          this.onState(() => 'saved');
          return;
        }
        this.failures += 1;
        this.onState(() => 'retrying');
        this.schedule(retryDelayMs(this.failures));
      },
    );
  }
}

/**
 * Saves the answers and the question the learner is on as they go (ADR 0018): at once to this device,
 * and after a short pause to the server (PUT …/answers). A failed save is retried with back-off (and as
 * soon as the browser is back online). When the page is hidden or goes away (`visibilitychange`,
 * `pagehide`, unmount), anything not yet saved is sent at once with `keepalive`, so a reload or a closed
 * tab loses nothing. `saved` is what the server returned on load. `pause()` stops saving (while
 * submitting) and `resume()` starts again.
 */
export function useAnswerAutosave(attemptId: string, progress: Progress, saved: Progress) {
  const [state, setState] = useState<SaveState>('idle');
  const [saver] = useState(() => new ProgressSaver(attemptId, progress, saved, setState));

  useEffect(() => {
    saver.update(progress);
  }, [saver, progress]);

  useEffect(() => {
    saver.start();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    const onPageHide = () => saver.flush();
    const onOnline = () => saver.retryNow();
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      // Leaving the exam page: the waiting save goes out now.
      saver.cancel();
      saver.flush();
    };
  }, [saver]);

  const pause = useCallback(() => saver.pause(), [saver]);
  const resume = useCallback(() => saver.resume(), [saver]);

  return { state, pause, resume };
}

import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { saveAttemptProgress } from './api/attempts-api.ts';
import { readLocalSeq, saveLocalAnswers, saveLocalSeq } from './answers-storage.ts';
import { changesToSend, type ChangedKeys, type Progress } from './progress-changes.ts';

/**
 * idle: nothing changed since load; saving: a change is on its way; retrying: a save failed; stale: a
 * newer save from another device or tab was recorded (decision 0037), so this page stops saving.
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'stale';

/** The save indicator's words (decision 0018: these exact texts). */
export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Answers saved',
  retrying: 'Not saved, retrying',
  stale: 'Not saved',
};

/** A refusal the page acts on rather than retries: time is up, the sitting is paused elsewhere. */
export type SaveRefusal = 'TIME_UP' | 'PAUSED';

/** How long answering pauses before the answers go to the server. */
const AUTOSAVE_DELAY_MS = 500;

/** Waits before retrying a failed save: 1 s, 2 s, 5 s, 10 s, then every 30 s. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

function retryDelayMs(failures: number): number {
  const index = Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? 30_000;
}

export type { Progress } from './progress-changes.ts';

function sortedEntries<T>(record: Record<string, T>): Array<[string, T]> {
  return Object.keys(record)
    .sort()
    .map((id) => [id, record[id] as T]);
}

/** The same progress gives the same key, whatever order the answers, flags and strikes were added in. */
function progressKey(progress: Progress): string {
  const strikes = sortedEntries(progress.strikes)
    .filter(([, struck]) => struck.length > 0)
    .map(([id, struck]) => [id, [...struck].sort()]);
  return JSON.stringify([
    progress.currentIndex,
    sortedEntries(progress.answers),
    [...progress.flags].sort(),
    strikes,
    sortedEntries(progress.certainties ?? {}),
  ]);
}

function refusalOf(error: unknown): SaveRefusal | 'STALE_SAVE' | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.code === 'TIME_UP' || error.code === 'PAUSED' || error.code === 'STALE_SAVE') return error.code;
  return null;
}

/**
 * Sends the progress to the server one request at a time, so an older save never lands after a newer
 * one; a failed save is tried again after a back-off. Each save carries a sequence number above the last
 * one this attempt recorded (the server's `saveSeq` at load, or this device's own last number if higher:
 * a save flushed as the page reloaded may land after the reload read `saveSeq`). Plain refs of the hook,
 * kept out of React.
 */
class ProgressSaver {
  private latest: Progress;
  private latestKey: string;
  /** What the server is known to hold, and its key. */
  private savedProgress: Progress;
  private savedKey: string;
  /** The questions each save not yet known to have been applied named (decision 0074), by its number. */
  private unacknowledged = new Map<number, ChangedKeys>();
  /** The newest progress sent, and how many sends are still in flight. */
  private sentKey: string | null = null;
  private inFlight = 0;
  private sequence: number;
  private acknowledged = 0;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Resolves the waiters of `drain()` once nothing is in flight. */
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly attemptId: string,
    progress: Progress,
    saved: Progress,
    serverSeq: number,
    private readonly onState: (update: (current: SaveState) => SaveState) => void,
    private onRefusal: (refusal: SaveRefusal) => void,
  ) {
    this.latest = progress;
    this.latestKey = progressKey(progress);
    this.savedProgress = saved;
    this.savedKey = progressKey(saved);
    this.sequence = Math.max(serverSeq, readLocalSeq(attemptId));
    this.acknowledged = this.sequence;
  }

  /** The server recorded a write of this page's outside the saves (a tutor answer bumps its number). */
  noteServerWrite(): void {
    this.sequence += 1;
    saveLocalSeq(this.attemptId, this.sequence);
  }

  setRefusalHandler(handler: (refusal: SaveRefusal) => void): void {
    this.onRefusal = handler;
  }

  get unsaved(): boolean {
    return this.latestKey !== this.savedKey;
  }

  /** The learner answered, flagged, struck or moved: keep answers on the device, send after the pause. */
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

  /** Sends what is not saved now and waits until nothing is in flight (before pausing the sitting). */
  async drain(): Promise<void> {
    if (this.unsaved && !this.stopped) this.send(false);
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
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

  private settled(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
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
    // Only what changed since the last acknowledged save, with what earlier saves in doubt named.
    const sent = this.latest;
    const { changes, keys } = changesToSend(this.savedProgress, sent, [...this.unacknowledged.values()]);
    const seq = ++this.sequence;
    saveLocalSeq(this.attemptId, seq);
    this.unacknowledged.set(seq, keys);
    this.inFlight += 1;
    this.sentKey = key;
    const body = { changes, currentIndex: sent.currentIndex, seq };
    saveAttemptProgress(this.attemptId, body, { keepalive }).then(
      () => {
        this.failures = 0;
        if (seq > this.acknowledged) {
          this.acknowledged = seq;
          this.savedKey = key;
          this.savedProgress = sent;
          // A save applied leaves the server holding `sent`; older ones can no longer apply.
          for (const earlier of this.unacknowledged.keys())
            if (earlier <= seq) this.unacknowledged.delete(earlier);
        }
        this.settled();
        if (this.stopped) return;
        if (!this.unsaved) this.onState(() => 'saved');
        else if (this.inFlight === 0) this.send(false);
      },
      (error: unknown) => {
        const refusal = refusalOf(error);
        // A refused save changed nothing; one that failed on the way may still have been applied.
        if (refusal) this.unacknowledged.delete(seq);
        this.settled();
        if (refusal === 'STALE_SAVE') {
          // A newer write of this page's own (a flush that overtook this save, a tutor answer) is no
          // conflict: what is still unsaved goes again under a newer number.
          if (this.sequence > seq) {
            if (this.inFlight === 0 && this.unsaved && !this.stopped) this.send(false);
            return;
          }
          this.pause();
          this.onState(() => 'stale');
          return;
        }
        if (refusal) {
          this.pause();
          this.onState(() => 'idle');
          this.onRefusal(refusal);
          return;
        }
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
 * Saves the answers, flags, struck options and the question the learner is on as they go (decisions 0018
 * and 0037): answers at once to this device, everything after a short pause to the server (PUT
 * …/answers, with a sequence number). A failed save is retried with back-off (and as soon as the browser
 * is back online). When the page is hidden or goes away (`visibilitychange`, `pagehide`, unmount),
 * anything not yet saved is sent at once with `keepalive`, so a reload or a closed tab loses nothing.
 * `saved` is what the server returned on load. `pause()` stops saving (while submitting or paused),
 * `resume()` starts again, `drain()` sends what is waiting and resolves when the server has it.
 * A 409 TIME_UP or PAUSED stops saving and is handed to `onRefusal`; a STALE_SAVE turns the state to
 * 'stale'.
 */
export function useAnswerAutosave(
  attemptId: string,
  progress: Progress,
  saved: Progress,
  serverSeq: number,
  onRefusal: (refusal: SaveRefusal) => void,
) {
  const [state, setState] = useState<SaveState>('idle');
  const [saver] = useState(
    () => new ProgressSaver(attemptId, progress, saved, serverSeq, setState, onRefusal),
  );
  useEffect(() => {
    saver.setRefusalHandler(onRefusal);
  }, [saver, onRefusal]);

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
  const drain = useCallback(() => saver.drain(), [saver]);
  const noteServerWrite = useCallback(() => saver.noteServerWrite(), [saver]);

  return { state, pause, resume, drain, noteServerWrite };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answers } from '@mlp/contract';
import { saveAttemptAnswers } from './api/attempts-api.ts';
import { saveLocalAnswers } from './answers-storage.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** How long answering pauses before the answers go to the server. */
export const AUTOSAVE_DELAY_MS = 500;

/**
 * Saves answers as the learner goes: at once to this device, and after a short pause to the server
 * (PUT …/answers), one request at a time so an older save never lands after a newer one. A save still
 * waiting when the page unmounts is sent straight away. `pause()` stops saving (while submitting) and `resume()` starts again.
 */
export function useAnswerAutosave(attemptId: string, answers: Answers) {
  const [state, setState] = useState<SaveState>('idle');
  const lastSaved = useRef(JSON.stringify(answers));
  const latest = useRef(answers);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const stopped = useRef(false);

  const send = useCallback(() => {
    timer.current = undefined;
    if (stopped.current) return;
    const answersToSave = latest.current;
    setState('saving');
    queue.current = queue.current
      .catch(() => undefined)
      .then(() => (stopped.current ? undefined : saveAttemptAnswers(attemptId, answersToSave)))
      .then(
        () => {
          if (!stopped.current && latest.current === answersToSave) setState('saved');
        },
        () => {
          if (!stopped.current) setState('error');
        },
      );
  }, [attemptId]);

  useEffect(() => {
    latest.current = answers;
    const serialized = JSON.stringify(answers);
    if (serialized === lastSaved.current || stopped.current) return;
    lastSaved.current = serialized;
    saveLocalAnswers(attemptId, answers);
    clearTimeout(timer.current);
    timer.current = setTimeout(send, AUTOSAVE_DELAY_MS);
  }, [answers, attemptId, send]);

  // Leaving the page: the waiting save goes out now.
  useEffect(
    () => () => {
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        send();
      }
    },
    [send],
  );

  /** Stops saving (while submitting, and for good once submitted); a waiting save is dropped. */
  const pause = useCallback(() => {
    stopped.current = true;
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  /** Saves again, e.g. after a failed submit; the current answers go out after the usual pause. */
  const resume = useCallback(() => {
    stopped.current = false;
    timer.current = setTimeout(send, AUTOSAVE_DELAY_MS);
  }, [send]);

  return { state, pause, resume };
}

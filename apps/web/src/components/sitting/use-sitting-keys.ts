import { useEffect, useRef } from 'react';
import { checksOnEnter, isOutsideShortcutScope, sittingKey, STRIKE_NEXT_MS } from './sitting-keys.ts';

/** What the shortcuts of a sitting do on the screen that listens (the learner's sitting, the preview). */
export interface SittingKeyHandlers {
  /** the dialog is open, the sitting paused or over: only ? still answers */
  blocked: boolean;
  choiceCount: number;
  /** tutor mode with a pick not checked yet */
  canCheck: boolean;
  choose: (position: number) => void;
  strike: (position: number) => void;
  move: (by: -1 | 1) => void;
  flag: () => void;
  check: () => void;
  help: () => void;
}

/** Listens for the sitting's shortcuts (sitting-keys.ts) on the window while the screen is shown. */
export function useSittingKeys(handlers: SittingKeyHandlers) {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    let strikeUntil = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const on = current.current;
      if (event.defaultPrevented || isOutsideShortcutScope(event.target)) return;
      const key = sittingKey(event, {
        choiceCount: on.choiceCount,
        strikeNext: Date.now() < strikeUntil,
        // Enter checks from the page or a choice, not from another control, which Enter presses as usual.
        canCheck: on.canCheck && checksOnEnter(event.target),
      });
      strikeUntil = 0;
      if (key === null) return;
      if (key.kind === 'help') {
        event.preventDefault();
        on.help();
        return;
      }
      if (on.blocked) return;
      event.preventDefault();
      switch (key.kind) {
        case 'choose':
          on.choose(key.position);
          break;
        case 'strike':
          on.strike(key.position);
          break;
        case 'strike-next':
          strikeUntil = Date.now() + STRIKE_NEXT_MS;
          break;
        case 'move':
          on.move(key.by);
          break;
        case 'flag':
          on.flag();
          break;
        case 'check':
          on.check();
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

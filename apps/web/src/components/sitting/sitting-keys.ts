/* The keyboard shortcuts of a sitting (the learner's and the administrator's preview). */

/** Keys 1–6 pick the choice shown at that position; anything else (or a missing choice) is null. */
export function keyToChoicePosition(key: string, choiceCount: number): number | null {
  if (!/^[1-6]$/.test(key)) return null;
  const position = Number(key) - 1;
  return position < choiceCount ? position : null;
}

/** Keys typed into a field, or used inside a dialog or menu, are not sitting shortcuts. */
export function isOutsideShortcutScope(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null;
}

/**
 * Whether Enter on this target checks a tutor-mode answer: from the page itself or a choice (choosing
 * again changes nothing), not from any other control, which Enter presses as usual.
 */
export function checksOnEnter(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  // A choice is a radio of the options' group (decision 0078); its strike-out button is pressed as usual.
  if (target.matches('[role="radio"]') && target.closest('[role="radiogroup"][aria-label="Choices"]'))
    return true;
  return !target.closest('button, a, input, textarea, select, [role="button"], [contenteditable="true"]');
}

/** What a key press in a sitting asks for (decision 0062); null when the key is not a sitting shortcut. */
export type SittingKey =
  | { kind: 'choose'; position: number }
  | { kind: 'strike'; position: number }
  /** S: the next digit strikes out instead of choosing */
  | { kind: 'strike-next' }
  | { kind: 'move'; by: -1 | 1 }
  | { kind: 'flag' }
  | { kind: 'check' }
  | { kind: 'help' };

/** The parts of a keydown event the shortcuts read. */
export interface KeyPress {
  key: string;
  code?: string;
  shiftKey?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** Shift+1…6 by the physical key (Shift+1 types '!' on one layout and '1' or '&' on others). */
function shiftedDigit(press: KeyPress): string | null {
  if (!press.shiftKey) return null;
  const match = /^(?:Digit|Numpad)([1-6])$/.exec(press.code ?? '');
  return match?.[1] ?? null;
}

/**
 * The sitting's shortcuts: 1–6 choose; S then a digit, or Shift+digit, strikes out; ← → and N P move; F
 * flags; Enter checks in tutor mode (`canCheck`); ? opens the list of shortcuts. `strikeNext` is whether S
 * was the previous key.
 */
export function sittingKey(
  press: KeyPress,
  { choiceCount, strikeNext, canCheck }: { choiceCount: number; strikeNext: boolean; canCheck: boolean },
): SittingKey | null {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  if (press.key === '?') return { kind: 'help' };
  const shifted = shiftedDigit(press);
  if (shifted !== null) {
    const position = keyToChoicePosition(shifted, choiceCount);
    return position === null ? null : { kind: 'strike', position };
  }
  const position = keyToChoicePosition(press.key, choiceCount);
  if (position !== null) return strikeNext ? { kind: 'strike', position } : { kind: 'choose', position };
  switch (press.key) {
    case 's':
    case 'S':
      return { kind: 'strike-next' };
    case 'ArrowLeft':
    case 'p':
    case 'P':
      return { kind: 'move', by: -1 };
    case 'ArrowRight':
    case 'n':
    case 'N':
      return { kind: 'move', by: 1 };
    case 'f':
    case 'F':
      return { kind: 'flag' };
    case 'Enter':
      return canCheck ? { kind: 'check' } : null;
    default:
      return null;
  }
}

/** How long after S a digit still strikes out. */
export const STRIKE_NEXT_MS = 2_000;

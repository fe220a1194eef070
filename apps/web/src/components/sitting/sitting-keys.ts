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
  if (target.closest('[role="group"][aria-label="Choices"]'))
    return !target.matches('[aria-label^="Strike out"]');
  return !target.closest('button, a, input, textarea, select, [role="button"], [contenteditable="true"]');
}

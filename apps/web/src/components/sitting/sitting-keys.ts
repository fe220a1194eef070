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

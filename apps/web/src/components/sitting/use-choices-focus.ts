import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moving to another question can remove the focused control (a choice the next question does not have,
 * Next turning into Submit or Check answers): focus goes to the question's choices (their roving tab stop)
 * instead of being lost to the page, or to `fallback` where there are none (a locked tutor question has
 * only its review, which its feedback starts). Returns the ref for the choices' container.
 */
export function useChoicesFocus(index: number, fallback?: RefObject<HTMLElement | null>) {
  const choicesRef = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    const active = document.activeElement;
    if (active === null || active === document.body)
      (choicesRef.current?.querySelector<HTMLElement>('button[tabindex="0"]') ?? fallback?.current)?.focus();
  }, [index, fallback]);
  return choicesRef;
}

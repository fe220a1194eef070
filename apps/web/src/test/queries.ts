import { within } from '@testing-library/react';

/* What tests read off the page beyond Testing Library's own queries. */

/** The text of each link in `container`, in order: what a menu offers. */
export function linkTexts(container: HTMLElement): Array<string | null> {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

/** The text of the messages an element is described by (aria-describedby). */
export function description(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

import { within } from '@testing-library/react';

/** The text of each link in `container`, in order: what a menu offers. */
export function linkTexts(container: HTMLElement): Array<string | null> {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

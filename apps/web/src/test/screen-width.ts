import { vi } from 'vitest';

/**
 * jsdom has no layout or media queries: answers MUI's breakpoint queries (`useMediaQuery`) as a screen
 * `width` px wide would. The stub is removed after each test (test/setup.ts unstubs globals).
 */
export function screenWidth(width: number): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      };
    }),
  );
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME, MAINTENANCE_MESSAGE } from '@mlp/contract';
import { FALLBACK_SITE_NAME } from './site-settings.tsx';
import { MAINTENANCE_TEXT } from '../components/layout/maintenance-notice.tsx';

// The shell keeps its own copies so the entry chunk does not pull in zod and every schema.
describe('shell texts', () => {
  it("match the contract's default site name and maintenance message", () => {
    expect(FALLBACK_SITE_NAME).toBe(DEFAULT_SITE_NAME);
    expect(MAINTENANCE_TEXT).toBe(MAINTENANCE_MESSAGE);
  });
});

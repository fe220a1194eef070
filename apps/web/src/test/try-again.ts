import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { RecordedRequest } from './fetch-stub.ts';

/** A load error's 'Try again' button asks for `path` again (decision 0022). */
export async function expectTryAgainRefetches(requests: RecordedRequest[], path: string): Promise<void> {
  const count = () => requests.filter((request) => request.path === path).length;
  const before = count();
  expect(before).toBeGreaterThan(0);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(count()).toBeGreaterThan(before));
}

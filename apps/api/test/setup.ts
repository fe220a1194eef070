import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// CONVENTIONS.md: a console.error during a test fails it. The setup of the Node projects: the API's and the
// web app's build tooling (vitest.config.ts).
let errorSpy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called during the test: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});

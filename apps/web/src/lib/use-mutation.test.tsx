import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useMutation } from './use-mutation.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function SaveButton({ send, onSaved }: { send: () => Promise<string>; onSaved: (value: string) => void }) {
  const save = useMutation({ mutationFn: send });
  return (
    <button
      type="button"
      onClick={() => save.mutate(undefined, { onSuccess: onSaved })}
      disabled={save.isPending}
    >
      Save
    </button>
  );
}

function renderWithClient(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

describe('useMutation (one request at a time)', () => {
  it('sends one request for a double click that lands before the button is disabled, then allows the next', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const saved: string[] = [];
    renderWithClient(
      <SaveButton send={() => answers[calls++]!.promise} onSaved={(value) => saved.push(value)} />,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    // Two clicks in one task: the second arrives before React has re-rendered the disabled button.
    button.click();
    button.click();
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    answers[0]!.resolve('first');
    await waitFor(() => expect(saved).toEqual(['first']));
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(calls).toBe(1);
    await userEvent.click(button);
    expect(calls).toBe(2);
    answers[1]!.resolve('second');
    await waitFor(() => expect(saved).toEqual(['first', 'second']));
  });

  it('gives a repeated mutateAsync the first call’s promise, and frees itself after a failure', async () => {
    let calls = 0;
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const { result: hook } = renderHook(
      () =>
        useMutation<string, Error, number>({
          mutationFn: (n) => {
            calls += 1;
            return n < 0 ? Promise.reject(new Error('refused')) : Promise.resolve(`got ${n}`);
          },
        }),
      { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
    );
    const result = hook.current;
    const first = result.mutateAsync(1);
    const second = result.mutateAsync(2);
    expect(second).toBe(first);
    await expect(first).resolves.toBe('got 1');
    await expect(result.mutateAsync(-1)).rejects.toThrow('refused');
    await expect(result.mutateAsync(3)).resolves.toBe('got 3');
    expect(calls).toBe(3);
  });
});

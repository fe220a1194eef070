import { useCallback, useRef } from 'react';
import {
  useMutation as useQueryMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/**
 * TanStack Query's `useMutation`, sending one request at a time (decision 0017). A button that sends a
 * write is disabled by `isPending`, but that state reaches the screen a render later: a double click
 * lands its second click before it. Here a repeated `mutate` while one is in flight is ignored (the
 * first call's callbacks report the outcome) and a repeated `mutateAsync` returns the first call's
 * promise, so a double click sends one request. Every feature imports this one (ESLint enforces it).
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useQueryMutation(options);
  const inFlight = useRef<Promise<TData> | null>(null);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return inFlight.current;
      const request = send(variables, callbacks);
      inFlight.current = request;
      const release = () => {
        if (inFlight.current === request) inFlight.current = null;
      };
      request.then(release, release);
      return request;
    },
    [send],
  );

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (inFlight.current) return;
      // Failures reach the callbacks and the mutation's error state, as with TanStack's own mutate.
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}

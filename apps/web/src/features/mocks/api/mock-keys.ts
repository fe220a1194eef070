/** Query keys of live mocks (decision 0077): mocks → list | result(id). */
export const mockKeys = {
  all: ['mocks'] as const,
  list: () => [...mockKeys.all, 'list'] as const,
  result: (id: string) => [...mockKeys.all, 'result', id] as const,
};

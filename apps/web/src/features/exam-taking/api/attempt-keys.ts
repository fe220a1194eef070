/**
 * Query keys of exam taking: attempts → session(…) (the sitting started or resumed on this load): an
 * exam's, with the mode asked for ('resume' when none), or a practice set's.
 */
export const attemptKeys = {
  all: ['attempts'] as const,
  session: (kind: 'exam' | 'practice' | 'mock', id: string, mode = 'resume') =>
    [...attemptKeys.all, 'session', kind, id, mode] as const,
  /** every open sitting and practice set of the learner's (decision 0063) */
  open: () => [...attemptKeys.all, 'open'] as const,
};

/** Query keys of exam taking: attempts → session(examId) (the attempt started or resumed on this load). */
export const attemptKeys = {
  all: ['attempts'] as const,
  session: (examId: string) => [...attemptKeys.all, 'session', examId] as const,
};

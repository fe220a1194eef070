/** Query keys of the learner's cohorts: cohorts → assignments. */
export const cohortKeys = {
  all: ['cohorts'] as const,
  assignments: () => [...cohortKeys.all, 'assignments'] as const,
};

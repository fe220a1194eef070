/** Query keys of practice sets: practice → options (what a set can draw on). */
export const practiceKeys = {
  all: ['practice'] as const,
  options: () => [...practiceKeys.all, 'options'] as const,
};

/*
 * The item analysis tests' fixture (decision 0036): 6 learners × 4 questions, every sitting has every
 * question. Each row is a learner's choices as offsets from the question's key (0 = the key, null =
 * skipped): with the key at option 0, as item-statistics.unit.test.ts has it, the offset is the option.
 *
 *        q1 q2 q3 q4   score
 *   L1   0  0  0  1    3
 *   L2   0  0  1  0    3
 *   L3   0  2  0  1    2
 *   L4   0  0  2  2    2
 *   L5   1  3  –  0    1
 *   L6   0  1  1  1    1
 */
export const CHOICES: Array<Array<number | null>> = [
  [0, 0, 0, 1],
  [0, 0, 1, 0],
  [0, 2, 0, 1],
  [0, 0, 2, 2],
  [1, 3, null, 0],
  [0, 1, 1, 1],
];

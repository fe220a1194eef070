/** Texts of the learner-facing exam endpoints (spec §8). */
export const EXAM_NOT_FOUND = 'Exam not found';

/** Texts of the learner-facing exam endpoints (spec §8). */
export const EXAM_NOT_FOUND = 'Exam not found';
/** Decision 0061: a question that is not (or no longer) a sample of a published exam. */
export const SAMPLE_NOT_FOUND = 'Sample question not found';
export const SAMPLE_ANSWER_NOT_AN_OPTION = 'Choose one of the options';
export const SAMPLE_CHECKS_TOO_MANY = 'Too many answers checked. Please wait a few minutes and try again.';

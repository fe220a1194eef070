/** Texts of the exam authoring endpoints (spec §8 where it has them; decision 0016). */
export const EXAM_MESSAGES = {
  notFound: 'Exam not found',
  questionNotFound: 'Question not found',
  bulkStale: 'Some of the chosen questions are no longer in that state. Reload the list and try again.',
  creationDisabled: 'Exam creation is currently turned off in the site settings.',
  hasSubscribers:
    'This exam has learners with active subscriptions, so it cannot be deleted. Unpublish it instead; it can be deleted once their subscriptions have ended.',
  inCourse: 'This exam is part of a course: remove it from the course first',
  notPending: 'Only AI-generated questions waiting for approval can be approved or rejected.',
  created: 'Exam created successfully',
  updated: 'Exam information updated successfully',
  deleted: 'Exam deleted successfully',
  published: 'Exam published successfully',
  questionDeleted: 'Question deleted successfully',
  opinionStale:
    'This question has changed since the second opinion was asked, so the suggestion was not applied. Ask for a new opinion on the question as it is now.',
  suggestionUnchanged: 'The suggestion is the same as the question, so there is nothing to apply.',
  suggestionApplied: 'Suggestion applied to the question',
} as const;

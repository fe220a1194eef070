/** Texts of the article endpoints (spec §8). */
export const ARTICLE_MESSAGES = {
  created: 'Article created successfully!',
  updated: 'Article updated successfully!',
  deleted: 'Article deleted successfully',
  inCourse: 'This article is part of a course: remove it from the course first',
  requiredFields: 'Please fill in all required fields',
  aiUnusable: 'The AI service returned an answer that could not be used. Please try again.',
  aiEmpty: 'The AI service returned an empty article. Please try again.',
} as const;

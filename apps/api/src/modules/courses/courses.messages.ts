import { COURSE_MESSAGES } from '@mlp/contract';

/** Texts of the course endpoints (decision 0053); the contract's COURSE_MESSAGES are the form's. */
export const COURSES_MESSAGES = {
  ...COURSE_MESSAGES,
  notFound: 'Course not found',
  unitNotFound: 'Unit not found',
  certificateNotFound: 'Certificate not found',
  notEnrolled: 'Enrol in this course first',
  onlyArticleRead: 'Only an article unit can be marked as read',
  articleNotStarted: 'An article unit is read, not started: open the article and mark it as read',
  locked: (examTitle: string) => `Subscribe to ${examTitle} to open this unit`,
  examUnavailable: "This unit's exam is not available at the moment. Please try again later.",
  created: 'Course created',
  updated: 'Course updated',
  deleted: 'Course deleted',
  coverNotUploaded: 'Upload the cover image first',
  unitNotInCourse: (n: number) => `Unit ${n}: this unit is not part of this course`,
  unitTwice: (n: number) => `Unit ${n}: this unit is listed twice`,
  chooseArticle: (n: number) => `Unit ${n}: choose an article`,
  chooseExam: (n: number) => `Unit ${n}: choose an exam`,
  chooseSize: (n: number) => `Unit ${n}: choose how many questions the practice set has`,
  chooseMode: (n: number) => `Unit ${n}: choose how the practice set is sat (exam, timed or tutor)`,
  modeNotAllowed: (n: number) => `Unit ${n}: the exam cannot be sat in that mode`,
  choosePassMark: (n: number) => `Unit ${n}: set the pass mark`,
  topic: (n: number, message: string) => `Unit ${n}: ${message}`,
  articleDraft: (n: number) => `Unit ${n}: the article is a draft`,
  examNotPublished: (n: number) => `Unit ${n}: the exam is not published`,
  tooFewQuestions: (n: number, available: number, topics: boolean) =>
    available === 0
      ? `Unit ${n}: the exam has no approved questions${topics ? ' in these topics' : ''}. Choose other topics.`
      : `Unit ${n}: the exam has only ${available} approved question${available === 1 ? '' : 's'}${topics ? ' in these topics' : ''}. Choose ${available} or fewer, or other topics.`,
} as const;

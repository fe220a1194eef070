export const PRACTICE_MESSAGES = {
  noSubscriptions: 'Subscribe to an exam first: practice sets draw on the exams you subscribe to.',
  notSubscribed: 'You can practise only the exams you subscribe to.',
  notStarted: 'The practice set could not be started. Please try again.',
  tooFew: (matching: number) =>
    matching === 0
      ? 'No questions match these choices. Choose other exams, topics or questions.'
      : `Only ${matching} question${matching === 1 ? '' : 's'} match these choices: a set needs at least 5. Widen the choices.`,
  fewerThanAsked: (matching: number) =>
    `Only ${matching} questions match these choices. Choose ${matching} or fewer, or widen the choices.`,
  noWeakAreas:
    'There are no weak areas yet: answer some questions first, and the ones you miss or flag come back here.',
  modeNotAllowed: 'One of the chosen exams cannot be taken in that mode.',
  notFound: 'There is no practice set in progress. Please build a new one.',
  assignedLocked: (exam: string) =>
    `This practice set draws on ${exam}: subscribe to it first, on the exam's page.`,
} as const;

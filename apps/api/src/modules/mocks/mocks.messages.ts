/** What the mocks' answers say (decision 0077). */
export const MOCK_MESSAGES = {
  created: 'Mock exam scheduled',
  updated: 'Mock exam updated',
  cancelled: 'Mock exam cancelled',
  notFound: 'Mock exam not found',
  examNotFound: 'Exam not found',
  examNotPublished: 'Only a published exam can be sat as a mock. Publish the exam first.',
  closesInPast: 'The closing time must be in the future.',
  alreadyOpen: 'This mock has opened: it can no longer be changed or cancelled.',
  alreadyCancelled: 'This mock was cancelled.',
  // Learners.
  notOpenYet: (opens: string) => `This mock opens on ${opens}.`,
  closed: 'This mock is closed.',
  timeRunOut: 'The time for this mock has run out: it can no longer be started.',
  alreadySat: 'You have already sat this mock.',
  notStarted: 'You have not started this mock.',
  stillOpen: 'You have not handed this mock in yet.',
  submitted: (results: string) => `Submitted. Results are released on ${results}.`,
  resultsOn: (results: string) => `Results are released on ${results}.`,
  released: 'Results are out.',
} as const;

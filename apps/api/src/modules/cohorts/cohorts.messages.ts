/** What the cohorts' answers say (decision 0079). */
export const COHORT_MESSAGES = {
  created: 'Cohort created',
  updated: 'Cohort updated',
  deleted: 'Cohort deleted',
  notFound: 'Cohort not found',
  nameTaken: 'A cohort with this name already exists. Choose another name.',
  notTutors: 'Only administrators with the role Tutor can be assigned to a cohort.',
  membersAdded: (n: number) => `${n} ${n === 1 ? 'member' : 'members'} added`,
  membersRefused: (n: number) =>
    `${n} ${n === 1 ? 'address was' : 'addresses were'} refused, so nobody was added. Remove ${n === 1 ? 'it' : 'them'} and try again.`,
  memberRemoved: 'Member removed',
  memberNotFound: 'This learner is not a member of the cohort.',
  extraTimeSaved: 'Extra time saved. It applies to sittings started from now on.',
  inviteCreated: 'Invite code created. Copy it now: it is shown only once.',
  inviteRevoked: 'Invite code revoked',
  inviteNotFound: 'Invite code not found',
  assignmentCreated: 'Assignment created',
  assignmentRemoved: 'Assignment removed',
  assignmentNotFound: 'Assignment not found',
  alreadyAssigned: 'This cohort already has this assignment.',
  itemsOfPractice:
    "A practice set's questions differ for each member: item analysis covers an assigned exam or mock.",
  itemsWhenClosed: 'The item analysis of a mock opens when it closes: learners are still sitting it.',
  practiceTitleTaken: 'This cohort already has a practice set with this title. Give this one another title.',
  modeNotOffered: 'This exam cannot be sat in that mode. Choose one of the modes it offers.',
  tooFewQuestions: (available: number, topics: boolean) =>
    `The exam has only ${available} approved question${available === 1 ? '' : 's'}${topics ? ' in these topics' : ''}: ask for that many or fewer${topics ? ', or choose more topics' : ''}.`,
  examNotFound: 'Exam not found',
  examNotPublished: 'Only a published exam can be assigned. Publish the exam first.',
  mockNotFound: 'Mock exam not found for this exam',
  dueInPast: 'The due date must be in the future.',
  cohortOver: 'This cohort has ended: change its end date to give its members access.',
  accessTooLong: 'Access can be given for at most 366 days: this cohort ends later than that.',
  noMembers: 'This cohort has no member yet. Add members first.',
  accessGranted: (granted: number, covered: number, exam: string, until: string) =>
    `${granted} ${granted === 1 ? 'member' : 'members'} given access to ${exam} until ${until}` +
    (covered > 0 ? ` (${covered} already had it).` : '.'),
  // Learners.
  practiceNotFound: 'Assignment not found',
  practiceExamUnavailable: 'The exam of this practice set is not available any more. Ask your tutor.',
  joined: (name: string) => `You joined ${name}.`,
  alreadyJoined: (name: string) => `You are already a member of ${name}.`,
  tooManyJoins: 'Too many invite codes tried. Please try again in an hour.',
  codeUnusable:
    'This invite code is not valid: it may have expired or been revoked. Ask your tutor for a new one.',
} as const;

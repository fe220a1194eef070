/** Texts of the admin Users endpoints (spec §2 Admin users, §8). */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  deleted: 'User deleted successfully',
  verificationSent: 'A new verification link has been sent.',
  alreadyVerified: 'This learner has already verified their email address.',
  signedOut: 'The learner has been signed out on every device.',
  suspended: 'The learner has been suspended and signed out on every device.',
  unsuspended: 'The learner can sign in again.',
  // The support desk (decision 0072).
  examNotFound: 'Exam not found',
  examNotPublished: 'This exam is not published, so the learner could not open it. Publish it first.',
  untilInvalid: 'Choose a day from tomorrow to a year ahead.',
  alreadyCovered: (until: string) => `The learner's access already runs until ${until}. Choose a later day.`,
  accessGranted: (title: string, until: string) => `Access to ${title} given until ${until}.`,
  nameChanged: "The learner's name has been changed.",
  emailChangeSent:
    'A confirmation link has been sent to the new address. The address changes when the learner opens it.',
  emailSame: 'This is already the learner’s email address.',
  emailTaken: 'This email address is already used by another account.',
  passwordResetSent: 'A password-reset link has been sent to the learner.',
  markedVerified: "The learner's email address is now marked as verified.",
} as const;

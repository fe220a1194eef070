/** Texts of the admin Users endpoints (spec §2 Admin users, §8). */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  deleted: 'User deleted successfully',
  verificationSent: 'A new verification link has been sent.',
  alreadyVerified: 'This learner has already verified their email address.',
  signedOut: 'The learner has been signed out on every device.',
  suspended: 'The learner has been suspended and signed out on every device.',
  unsuspended: 'The learner can sign in again.',
} as const;

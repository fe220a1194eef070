/** Texts of the administrator-account endpoints (spec §8). */
export const ADMIN_MESSAGES = {
  created: 'Admin created successfully',
  deleted: 'Admin deleted successfully',
  passwordChanged: 'Password changed successfully',
  alreadyExists: 'An administrator already exists. Please log in instead.',
  invalidLogin: 'Invalid email or password',
  loginRequired: 'Administrator login required',
  emailTaken: 'An administrator with this email already exists',
  notFound: 'Administrator not found',
  notYourself: 'You cannot delete your own account',
  lastAdministrator: 'The last administrator cannot be deleted',
  wrongCurrentPassword: 'Current password is incorrect',
} as const;

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
  lastOwner: 'At least one administrator must stay an Owner. Make another administrator an Owner first.',
  roleChanged: 'Role changed',
  setupCodeWrong:
    "The set-up code is missing or wrong. It is printed in the server's log when the server starts (or set by ADMIN_SETUP_CODE).",
  wrongCurrentPassword: 'Current password is incorrect',
} as const;

/** Texts of the admin Users endpoints (spec §2 Admin users, §8). */
export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  deleted: 'User deleted successfully',
} as const;

/** Query keys of the account feature: account → email-service | verify-email | reset-token | devices. */
export const accountKeys = {
  all: ['account'] as const,
  emailService: () => [...accountKeys.all, 'email-service'] as const,
  confirmEmail: (userId: string, token: string) =>
    [...accountKeys.all, 'confirm-email', userId, token] as const,
  verifyEmail: (userId: string, token: string) =>
    [...accountKeys.all, 'verify-email', userId, token] as const,
  resetToken: (userId: string, token: string) => [...accountKeys.all, 'reset-token', userId, token] as const,
  devices: () => [...accountKeys.all, 'devices'] as const,
};

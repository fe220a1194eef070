import { MAX_DEVICES_PER_ACCOUNT } from '@mlp/contract';

/** Texts of the learner account endpoints (spec §8 where it has them). */
export const USER_MESSAGES = {
  registered: 'Registration successful! Please check your email to verify your account.',
  verified: 'Email verified successfully. You can now login.',
  verificationSent: 'Verification email has been sent. Please check your inbox.',
  resetSent: 'Password reset link has been sent. Please check your inbox.',
  resetDone: 'Your password has been reset successfully. You can now login with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  verifyLinkInvalid:
    'This verification link is invalid, has expired or has already been used. Please request a new one.',
  passwordUpdated: 'Password updated successfully',
  badCredentials: 'Invalid email or password',
  unverified:
    'Please verify your email address before logging in. Check your inbox for the verification link, or request a new one.',
  tooManyDevices: `This account is already signed in on ${MAX_DEVICES_PER_ACCOUNT} devices, the most allowed. To free a slot, log out one of them under Settings → Device Management, or reset your password to sign out of every device.`,
  suspended: 'This account has been suspended. Please contact us if you think this is a mistake.',
  wrongCurrentPassword: 'Current password is incorrect',
  registrationClosed: 'Registration is currently closed. Please try again later.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  accountNotFound: 'Account not found',
  emailChangeLinkInvalid:
    'This confirmation link is invalid, has expired or has already been used. Please ask us for a new one.',
  emailTaken: 'This email address is already used by another account.',
  emailChanged: 'Your email address has been changed. Please log in with your new address.',
} as const;

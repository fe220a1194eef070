import { ERASE_CONFIRMATION_WORD } from '@mlp/contract';

/** Texts of the data-rights endpoints (decision 0069). */
export const DATA_RIGHTS_MESSAGES = {
  notFound: 'User not found',
  tooManyDownloads: 'You have downloaded your data several times in the last hour. Please try again later.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  wrongPassword: 'The password is not correct.',
  wrongConfirmation: `Type ${ERASE_CONFIRMATION_WORD} in capital letters to confirm.`,
  wrongEmail: "The e-mail address typed does not match this learner's address.",
  renewalInFlight:
    'A renewal payment is being taken for this account at this moment. Please try again in a few minutes.',
  deleted: 'Your account has been deleted. We have sent a last email to confirm it.',
  erased: 'The account has been erased and the learner has been sent a last email to confirm it.',
  alreadyErased: 'This account has already been erased.',
} as const;

import { z } from 'zod';
import { ERASE_CONFIRMATION_WORD } from './constants.ts';
import { safeString } from './strings.ts';

/*
 * Data rights under UK GDPR (decision 0069): a learner downloads everything the platform holds about them
 * and deletes their account; the support team does both on a learner's written request.
 */

/** The download: one JSON file (its name is in the Content-Disposition header). */
export const PersonalDataFileSchema = safeString();

/**
 * Deleting one's own account: the current password, and the word DELETE typed out (checked by the server,
 * so the message names the word).
 */
export const DeleteAccountBodySchema = z.object({
  password: safeString({ message: 'Enter your current password' }).min(1, 'Enter your current password'),
  confirmation: safeString({ message: `Type ${ERASE_CONFIRMATION_WORD} to confirm` }).max(100),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/**
 * An administrator erasing a learner's account on their written request: why (kept in the activity log)
 * and the learner's e-mail address typed out, so the wrong learner's page cannot be erased by a slip.
 */
export const EraseLearnerBodySchema = z.object({
  reason: safeString({ message: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason (at least 3 characters)')
    .max(500, 'The reason must be at most 500 characters'),
  confirmation: safeString({ message: "Type the learner's e-mail address to confirm" }).max(320),
});
export type EraseLearnerBody = z.infer<typeof EraseLearnerBodySchema>;

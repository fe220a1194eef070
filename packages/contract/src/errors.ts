import { z } from 'zod';
import { safeString } from './strings.ts';

/** The one error shape every failing API call answers with. */
export const ApiErrorBodySchema = z.object({
  message: safeString(),
  errors: z.array(z.object({ path: safeString(), message: safeString() })).optional(),
  /** what kind of refusal, when the client must act on it (e.g. PAYMENT_METHOD_REQUIRED) */
  code: safeString().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const MessageResponseSchema = z.object({ message: safeString() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

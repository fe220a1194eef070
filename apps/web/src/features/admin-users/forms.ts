import {
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SupportReasonBodySchema,
  type AdminRole,
} from '@mlp/contract';

export interface NewAdminValues {
  email: string;
  name: string;
  password: string;
  confirmPassword: string;
  role: AdminRole;
}

/**
 * Spec §5 'New administrator', checked in the spec's order: both e-mail and passwords present, the two
 * passwords equal, then the length. Returns the message to show, or null when the form may be sent.
 */
export function validateNewAdmin(values: Omit<NewAdminValues, 'role'>): string | null {
  if (!values.email.trim() || !values.password || !values.confirmPassword) {
    return 'Email and password fields are required';
  }
  if (values.password !== values.confirmPassword) return 'Passwords do not match';
  if (values.password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (values.password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  if (!EmailSchema.safeParse(values.email).success) return 'Please enter a valid email address';
  return null;
}

/** The contract's rule for the reason an account action asks for (decision 0072), in the server's words. */
export function supportReasonProblem(reason: string): string | null {
  const parsed = SupportReasonBodySchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please give a reason');
}

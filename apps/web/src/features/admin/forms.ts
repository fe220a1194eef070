import { z } from 'zod';
import {
  AdminLoginBodySchema,
  AdminRegisterBodySchema,
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@mlp/contract';

/*
 * Form schemas of the administrator panel. They reuse the contract's where the API checks the same
 * thing, and carry the spec's messages (§5), with the team's 8-character password minimum (decision 0003).
 */

export const adminLoginFormSchema = AdminLoginBodySchema;
export type AdminLoginFormValues = z.input<typeof adminLoginFormSchema>;

export const adminRegisterFormSchema = AdminRegisterBodySchema;
export type AdminRegisterFormValues = z.input<typeof adminRegisterFormSchema>;

/** The settings dialog's change-password form. */
export const adminPasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(1, 'New password is required')
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: "New passwords don't match",
  });
export type AdminPasswordFormValues = z.input<typeof adminPasswordFormSchema>;

export interface NewAdminValues {
  email: string;
  name: string;
  password: string;
  confirmPassword: string;
}

/**
 * Spec §5 'New administrator', checked in the spec's order: both e-mail and passwords present, the two
 * passwords equal, then the length. Returns the message to show, or null when the form may be sent.
 */
export function validateNewAdmin(values: NewAdminValues): string | null {
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

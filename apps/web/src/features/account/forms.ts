import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  EmailBodySchema,
  LoginBodySchema,
  NewPasswordSchema,
  RegisterBodySchema,
} from '@mlp/contract';

/*
 * Form schemas reuse the contract's, so the browser checks exactly what the API checks; they add only the
 * confirmation fields. Messages are the spec's (§5), with the team's 8-character minimum (decision 0003).
 */

export const loginFormSchema = LoginBodySchema.pick({ email: true, password: true });
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const registerFormSchema = RegisterBodySchema.extend({ confirmPassword: z.string() }).refine(
  (values) => values.password === values.confirmPassword,
  { path: ['confirmPassword'], message: 'Passwords do not match' },
);
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** Resend verification and forgot password: 'Email is required' when empty. */
export const emailFormSchema = EmailBodySchema;
export type EmailFormValues = z.input<typeof emailFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = ChangePasswordBodySchema.extend({
  confirmPassword: z.string(),
}).refine((values) => values.newPassword === values.confirmPassword, {
  path: ['confirmPassword'],
  message: 'New passwords do not match',
});
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

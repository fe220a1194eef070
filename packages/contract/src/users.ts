import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from './common.ts';

export const RegisterBodySchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
  deviceId: z
    .string({ message: 'deviceId is required' })
    .trim()
    .min(8, 'deviceId is invalid')
    .max(128, 'deviceId is invalid'),
  deviceName: z
    .string({ message: 'deviceName is required' })
    .trim()
    .min(1, 'deviceName is required')
    .max(200, 'deviceName is too long'),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const EmailBodySchema = z.object({ email: EmailSchema });
export type EmailBody = z.infer<typeof EmailBodySchema>;

export const ResetPasswordBodySchema = z.object({ password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Password is too long'),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** Path params of the e-mailed links: /verify-email?token&userId and /reset-password?token&userId. */
export const TokenLinkParamsSchema = z.object({
  userId: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
});

export const ValidateResetTokenResponseSchema = z.object({ valid: z.literal(true) });

export const EmailServiceStatusSchema = z.object({
  environment: z.string(),
  emailServiceWorking: z.boolean(),
});
export type EmailServiceStatus = z.infer<typeof EmailServiceStatusSchema>;

/** The signed-in learner, for the avatar and for knowing a stored token still works. */
export const MeResponseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type Me = z.infer<typeof MeResponseSchema>;

export const DeviceSchema = z.object({
  _id: z.string(),
  deviceName: z.string(),
  lastUsed: z.string(),
  loggedIn: z.boolean(),
  /** true for the device this request came from */
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>;

export const MAX_DEVICES_PER_ACCOUNT = 3;

import { z } from 'zod';
import { safeString } from './strings.ts';
import { EmailSchema, NewPasswordSchema } from './common.ts';
import { DEVICE_NAME_MAX_LENGTH } from './constants.ts';

export const RegisterBodySchema = z.object({
  name: safeString({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: safeString({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
  deviceId: safeString({ message: 'deviceId is required' })
    .trim()
    .min(8, 'deviceId is invalid')
    .max(128, 'deviceId is invalid'),
  deviceName: safeString({ message: 'deviceName is required' })
    .trim()
    .min(1, 'deviceName is required')
    .max(200, 'deviceName is too long'),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * Register answers alike for a new and an existing address (decision 0006); `emailVerified` says whether
 * accounts are verified at once here (development without SMTP_URL, decision 0020), the same either way.
 */
export const RegisterResponseSchema = z.object({ message: safeString(), emailVerified: z.boolean() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const LoginResponseSchema = z.object({ token: safeString() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const EmailBodySchema = z.object({ email: EmailSchema });
export type EmailBody = z.infer<typeof EmailBodySchema>;

export const ResetPasswordBodySchema = z.object({ password: NewPasswordSchema });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: safeString({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Password is too long'),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** Path params of the e-mailed links: /verify-email?token&userId and /reset-password?token&userId. */
export const TokenLinkParamsSchema = z.object({
  userId: safeString().min(1).max(64),
  token: safeString().min(1).max(256),
});

export const ValidateResetTokenResponseSchema = z.object({ valid: z.literal(true) });

export const EmailServiceStatusSchema = z.object({
  environment: safeString(),
  emailServiceWorking: z.boolean(),
  /** New accounts are verified at once (development without SMTP_URL, decision 0020): the Login banner. */
  verificationBypassed: z.boolean().optional(),
});
export type EmailServiceStatus = z.infer<typeof EmailServiceStatusSchema>;

/** The signed-in learner, for the avatar and for knowing a stored token still works. */
export const MeResponseSchema = z.object({
  _id: safeString(),
  name: safeString(),
  email: safeString(),
});
export type Me = z.infer<typeof MeResponseSchema>;

export const DeviceSchema = z.object({
  _id: safeString(),
  deviceName: safeString(),
  lastUsed: safeString(),
  loggedIn: z.boolean(),
  /** true for the device this request came from */
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>;

/** PUT /api/devices/{id}: a learner's own name for one of their devices. */
export const RenameDeviceBodySchema = z.object({
  deviceName: safeString({ message: 'Device name is required' })
    .trim()
    .min(1, 'Device name is required')
    .max(DEVICE_NAME_MAX_LENGTH, `Device name must be at most ${DEVICE_NAME_MAX_LENGTH} characters`),
});
export type RenameDeviceBody = z.infer<typeof RenameDeviceBodySchema>;

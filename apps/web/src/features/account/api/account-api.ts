import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  ChangePasswordBody,
  Device,
  DevicesResponse,
  EmailBody,
  EmailServiceStatus,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  RenameDeviceBody,
  ResetPasswordBody,
} from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

const linkPath = (prefix: string, userId: string, token: string) =>
  `${prefix}/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;

/** GET /api/users/check-email-service — only for the login screen's development notice. */
export const emailServiceQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.emailService(),
    queryFn: ({ signal }) =>
      apiRequest<EmailServiceStatus>('/api/users/check-email-service', { auth: 'none', signal }),
    // Spec §2: if the check fails the notice is silently not shown; no point retrying.
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/users/verify-email/{userId}/{token}. Verifying uses up the link, so it runs once: no retry,
 * never stale, and the abort signal is deliberately not passed (under StrictMode's mount–unmount–mount a
 * consumed signal would cancel the first request and send a second one).
 */
export const verifyEmailQueryOptions = (userId: string, token: string) =>
  queryOptions({
    queryKey: accountKeys.verifyEmail(userId, token),
    queryFn: () =>
      apiRequest<MessageResponse>(linkPath('/api/users/verify-email', userId, token), { auth: 'none' }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** GET /api/users/validate-reset-token/{userId}/{token}: a 2xx means the link is valid. */
export const resetTokenQueryOptions = (userId: string, token: string) =>
  queryOptions({
    queryKey: accountKeys.resetToken(userId, token),
    queryFn: ({ signal }) =>
      apiRequest<unknown>(linkPath('/api/users/validate-reset-token', userId, token), {
        auth: 'none',
        signal,
      }).then(() => true as const),
    retry: false,
    staleTime: Infinity,
  });

/** GET /api/devices: the learner's devices (spec §2 Settings, 'Device Management'). */
export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.devices(),
    queryFn: ({ signal }) => apiRequest<DevicesResponse>('/api/devices', { signal }),
  });

/** POST /api/users/login { email, password, deviceId, deviceName } → { token }. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiRequest<LoginResponse>('/api/users/login', { method: 'POST', body, auth: 'none' }),
  });
}

/** POST /api/users/register { name, email, password } → { message, emailVerified }. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      apiRequest<RegisterResponse>('/api/users/register', { method: 'POST', body, auth: 'none' }),
  });
}

/** POST /api/users/resend-verification { email } → { message }. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (body: EmailBody) =>
      apiRequest<MessageResponse>('/api/users/resend-verification', { method: 'POST', body, auth: 'none' }),
  });
}

/** POST /api/users/forgot-password { email } → { message }. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: EmailBody) =>
      apiRequest<MessageResponse>('/api/users/forgot-password', { method: 'POST', body, auth: 'none' }),
  });
}

/** POST /api/users/reset-password/{userId}/{token} { password } → { message }. */
export function useResetPasswordMutation(userId: string, token: string) {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest<MessageResponse>(linkPath('/api/users/reset-password', userId, token), {
        method: 'POST',
        body,
        auth: 'none',
      }),
  });
}

/** PUT /api/users/password { currentPassword, newPassword } → { message }. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest<MessageResponse>('/api/users/password', {
        method: 'PUT',
        body,
        // A wrong current password must not end the session, even if the server answers it with 401.
        endSessionOnUnauthorized: false,
      }),
  });
}

/** PUT /api/devices/{id}/logout. */
export function useLogoutDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Device) =>
      apiRequest<unknown>(`/api/devices/${encodeURIComponent(device._id)}/logout`, { method: 'PUT' }),
    // This device's token is revoked now: the caller ends the session instead of refetching with it.
    onSuccess: (_result, device) =>
      device.current ? undefined : queryClient.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
}

/** PUT /api/devices/{id} { deviceName }: the learner's own name for a device. */
export function useRenameDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ device, deviceName }: { device: Device } & RenameDeviceBody) =>
      apiRequest<MessageResponse>(`/api/devices/${encodeURIComponent(device._id)}`, {
        method: 'PUT',
        body: { deviceName } satisfies RenameDeviceBody,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
}

/** DELETE /api/devices/{id}. */
export function useRemoveDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Device) =>
      apiRequest<unknown>(`/api/devices/${encodeURIComponent(device._id)}`, { method: 'DELETE' }),
    onSuccess: (_result, device) =>
      device.current ? undefined : queryClient.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
}

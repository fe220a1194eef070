import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  ChangePasswordBody,
  DeleteAccountBody,
  Device,
  EmailBody,
  LoginBody,
  RegisterBody,
  RenameDeviceBody,
  ResetPasswordBody,
} from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/users/check-email-service — only for the login screen's development notice. */
export const emailServiceQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.emailService(),
    queryFn: ({ signal }) => apiRequest(api.users.emailService, { signal }),
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
    queryFn: () => apiRequest(api.users.verifyEmail, { params: { userId, token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * POST /api/users/confirm-email/{userId}/{token} (decision 0072): run once when the page opens, as a query
 * so a second render never sends it twice; the link works once.
 */
export const confirmEmailQueryOptions = (userId: string, token: string) =>
  queryOptions({
    queryKey: accountKeys.confirmEmail(userId, token),
    queryFn: () => apiRequest(api.users.confirmEmailChange, { params: { userId, token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** GET /api/users/validate-reset-token/{userId}/{token}: a 2xx means the link is valid. */
export const resetTokenQueryOptions = (userId: string, token: string) =>
  queryOptions({
    queryKey: accountKeys.resetToken(userId, token),
    queryFn: ({ signal }) =>
      apiRequest(api.users.validateResetToken, { params: { userId, token }, signal }).then(
        () => true as const,
      ),
    retry: false,
    staleTime: Infinity,
  });

/** GET /api/devices: the learner's devices (spec §2 Settings, 'Device Management'). */
export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.devices(),
    queryFn: ({ signal }) => apiRequest(api.devices.list, { signal }),
  });

/** POST /api/users/login { email, password, deviceId, deviceName } → { token }. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest(api.users.login, { body }),
  });
}

/** POST /api/users/register { name, email, password } → { message, emailVerified }. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest(api.users.register, { body }),
  });
}

/** POST /api/users/resend-verification { email } → { message }. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (body: EmailBody) => apiRequest(api.users.resendVerification, { body }),
  });
}

/** POST /api/users/forgot-password { email } → { message }. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: EmailBody) => apiRequest(api.users.forgotPassword, { body }),
  });
}

/** POST /api/users/reset-password/{userId}/{token} { password } → { message }. */
export function useResetPasswordMutation(userId: string, token: string) {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest(api.users.resetPassword, { params: { userId, token }, body }),
  });
}

/** PUT /api/users/password { currentPassword, newPassword } → { message }. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest(api.users.changePassword, {
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
    mutationFn: (device: Device) => apiRequest(api.devices.logout, { params: { id: device._id } }),
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
      apiRequest(api.devices.rename, { params: { id: device._id }, body: { deviceName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
}

/** DELETE /api/devices/{id}. */
export function useRemoveDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Device) => apiRequest(api.devices.remove, { params: { id: device._id } }),
    onSuccess: (_result, device) =>
      device.current ? undefined : queryClient.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
}

/** GET /api/users/me/data: everything held about the learner, as a JSON file (decision 0069). */
export function downloadMyData(): Promise<DownloadedFile> {
  return apiDownload(api.dataRights.download);
}

/** POST /api/users/me/delete { password, confirmation } → { message }: deletes the account (decision 0069). */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiRequest(api.dataRights.deleteAccount, {
        body,
        // A wrong password must not end the session; the caller ends it after the deletion.
        endSessionOnUnauthorized: false,
      }),
  });
}

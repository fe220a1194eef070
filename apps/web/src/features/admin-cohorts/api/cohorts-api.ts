import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import type { AssignmentBody, CohortAccessBody, CohortBody, ExtraTimePercent } from '@mlp/contract';
import { apiDownload, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/admin-api.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { adminCohortKeys } from './cohort-keys.ts';

/** GET /api/admin/cohorts: every cohort for an Owner, their own for a Tutor (decision 0079). */
export const adminCohortsQueryOptions = () =>
  queryOptions({
    queryKey: adminCohortKeys.list(),
    queryFn: ({ signal }) => apiRequest(api.adminCohorts.list, { signal }),
    select: (data) => data.cohorts,
  });

/** GET /api/admin/cohorts/{id}: the cohort, its members and its assignments with their counts. */
export const adminCohortQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminCohortKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(api.adminCohorts.detail, { params: { id }, signal }),
  });

/** GET /api/admin/cohorts/{id}/invites. */
export const cohortInvitesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminCohortKeys.invites(id),
    queryFn: ({ signal }) => apiRequest(api.adminCohorts.invites, { params: { id }, signal }),
    select: (data) => data.invites,
  });

/** GET /api/admin/cohorts/{id}/assignments/{assignmentId}: who has done what. */
export const assignmentProgressQueryOptions = (id: string, assignmentId: string) =>
  queryOptions({
    queryKey: adminCohortKeys.progress(id, assignmentId),
    queryFn: ({ signal }) =>
      apiRequest(api.adminCohorts.assignmentProgress, { params: { id, assignmentId }, signal }),
  });

/** GET /api/admin/cohorts/{id}/assignments/{assignmentId}/items: the members' sittings' item analysis. */
export const assignmentItemsQueryOptions = (id: string, assignmentId: string) =>
  queryOptions({
    queryKey: adminCohortKeys.items(id, assignmentId),
    queryFn: ({ signal }) =>
      apiRequest(api.adminCohorts.assignmentItems, { params: { id, assignmentId }, signal }),
  });

/** GET /api/admin/cohorts/{id}/insights: the cohort against everyone by topic, and week by week. */
export const cohortInsightsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminCohortKeys.insights(id),
    queryFn: ({ signal }) => apiRequest(api.adminCohorts.insights, { params: { id }, signal }),
  });

/** GET /api/admin/cohorts/assignable-exams: published exams with their mocks. */
export const assignableExamsQueryOptions = () =>
  queryOptions({
    queryKey: adminCohortKeys.exams(),
    queryFn: ({ signal }) => apiRequest(api.adminCohorts.assignableExams, { signal }),
    select: (data) => data.exams,
  });

/** The administrators an Owner may make tutors (GET /api/admin/auth/admins, role Tutor). */
export const tutorsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.admins(), 'tutors'] as const,
    queryFn: ({ signal }) => apiRequest(api.admins.list, { signal }),
    select: (data) => data.admins.filter((admin) => admin.role === 'tutor'),
  });

function useRefreshCohorts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminCohortKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    ]);
}

/** POST /api/admin/cohorts (new) or PUT /api/admin/cohorts/{id} (edit) → { message, cohort }. */
export function useSaveCohortMutation(id: string | undefined) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (body: CohortBody) =>
      id
        ? apiRequest(api.adminCohorts.update, { params: { id }, body })
        : apiRequest(api.adminCohorts.create, { body }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/admin/cohorts/{id}. */
export function useDeleteCohortMutation() {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.adminCohorts.remove, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/cohorts/{id}/members/preview: what a paste would do (nothing is saved). */
export function usePreviewMembersMutation(id: string) {
  return useMutation({
    mutationFn: (emails: string) =>
      apiRequest(api.adminCohorts.previewMembers, { params: { id }, body: { emails } }),
  });
}

/** POST /api/admin/cohorts/{id}/members: all of the paste, or nothing (422 with the refused rows). */
export function useAddMembersMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (emails: string) =>
      apiRequest(api.adminCohorts.addMembers, { params: { id }, body: { emails } }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/admin/cohorts/{id}/members/{userId}/extra-time: a member's accommodations. */
export function useSetMemberTimeMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: ({ userId, extraTimePercent }: { userId: string; extraTimePercent: ExtraTimePercent }) =>
      apiRequest(api.adminCohorts.setMemberTime, { params: { id, userId }, body: { extraTimePercent } }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/admin/cohorts/{id}/members/{userId}. */
export function useRemoveMemberMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(api.adminCohorts.removeMember, { params: { id, userId } }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/cohorts/{id}/invites → the whole code, once. */
export function useCreateInviteMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (days: number) =>
      apiRequest(api.adminCohorts.createInvite, { params: { id }, body: { days } }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/admin/cohorts/{id}/invites/{inviteId}. */
export function useRevokeInviteMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (inviteId: string) => apiRequest(api.adminCohorts.revokeInvite, { params: { id, inviteId } }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/cohorts/{id}/assignments. */
export function useCreateAssignmentMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (body: AssignmentBody) =>
      apiRequest(api.adminCohorts.createAssignment, { params: { id }, body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/cohorts/{id}/access: every member gets access to an exam until the cohort ends. */
export function useGrantCohortAccessMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (body: CohortAccessBody) =>
      apiRequest(api.adminCohorts.grantAccess, { params: { id }, body }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/admin/cohorts/{id}/assignments/{assignmentId}. */
export function useRemoveAssignmentMutation(id: string) {
  const refresh = useRefreshCohorts();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      apiRequest(api.adminCohorts.removeAssignment, { params: { id, assignmentId } }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/admin/cohorts/{id}/report: the members with each assignment's status and best score (CSV). */
export function useCohortReportMutation(id: string) {
  return useMutation({ mutationFn: () => apiDownload(api.adminCohorts.report, { params: { id } }) });
}

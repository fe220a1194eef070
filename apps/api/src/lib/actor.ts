import type { AdminRole } from '@mlp/contract';

/**
 * Who is acting in a request: a signed-in learner or administrator (decision 0028). Services
 * take an Actor, never a repository's session row, and the activity log records one.
 */
export interface Actor {
  role: 'learner' | 'admin';
  /** the learner's user id, or the administrator's id */
  id: string;
  email: string;
  /** the session the request came with (signing out, revoking the others) */
  sessionId: string;
  /** the learner's device (learners only) */
  deviceId?: string;
  /** the administrator's role (administrators only; decision 0067) */
  adminRole?: AdminRole;
}

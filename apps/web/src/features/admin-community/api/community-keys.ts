import type { ModerationView } from '@mlp/contract';
import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the community moderation page: admin → community → list → (view, page). */
export const adminCommunityKeys = {
  all: [...adminKeys.all, 'community'] as const,
  lists: () => [...adminCommunityKeys.all, 'list'] as const,
  list: (view: ModerationView, page: number) => [...adminCommunityKeys.lists(), view, page] as const,
};

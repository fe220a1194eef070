import type { AdminStats } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { countPlatform } from './stats.repository.ts';

/** Spec §2 Admin dashboard: Total Users, Total Exams, Total Articles, Active Subscriptions. */
export async function platformStats(ctx: AppContext): Promise<AdminStats> {
  const counts = await countPlatform(ctx.db);
  return {
    totalUsers: counts.users,
    totalExams: counts.exams,
    totalArticles: counts.articles,
    activeSubscriptions: counts.activeSubscriptions,
  };
}

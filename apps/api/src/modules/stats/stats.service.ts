import { adminCan, type AdminStats } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { countPlatform, recurringRevenue } from './stats.repository.ts';
import { countOpenReports } from '../reports/reports.service.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * Spec §2 Admin dashboard: Total Users, Total Exams, Total Articles, Active Subscriptions; and the money
 * (decision 0030): monthly recurring revenue and the renewals due within a week.
 */
export async function platformStats(ctx: AppContext, actor: Actor): Promise<AdminStats> {
  const now = ctx.clock.now();
  // The money figures only for a role that sees payments (decision 0067).
  const seesMoney = adminCan(actor.adminRole, 'adminPayments', 'list');
  const [counts, revenue, openReports] = await Promise.all([
    countPlatform(ctx.db),
    seesMoney
      ? recurringRevenue(ctx.db, now, new Date(now.getTime() + WEEK_MS))
      : { monthlyPence: null, dueThisWeek: null },
    countOpenReports(ctx.db),
  ]);
  return {
    totalUsers: counts.users,
    totalExams: counts.exams,
    totalArticles: counts.articles,
    activeSubscriptions: counts.activeSubscriptions,
    monthlyRecurringRevenuePence: revenue.monthlyPence,
    renewalsDueThisWeek: revenue.dueThisWeek,
    openReports,
  };
}

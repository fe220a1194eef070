/*
 * Lists filtered by calendar days (the activity log, the payments page): the page keeps days as the date
 * field gives them (yyyy-mm-dd, in the administrator's time zone) and the server takes a time range
 * from `from` (inclusive) to `to` (exclusive), as ISO times (decision 0024).
 */

/** Local midnight starting the day `date` (yyyy-mm-dd), `days` later, as an ISO time. */
function startOfDay(date: string, days = 0): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days).toISOString();
}

/**
 * The days from `from` to `to` (both included, either may be '') as the server's time range: the
 * first day's midnight to the midnight after the last day.
 */
export function dayRangeQuery(from: string, to: string): { from?: string; to?: string } {
  return {
    from: from ? startOfDay(from) : undefined,
    to: to ? startOfDay(to, 1) : undefined,
  };
}

/** The date range check the server also makes: the last day may not come before the first. */
export function dateRangeProblem(from: string, to: string): string | null {
  return from && to && to < from ? 'The end date must be on or after the start date' : null;
}

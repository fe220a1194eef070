import type { LearnerMock } from '@mlp/contract';

/** 'in 2 days 3 h', 'in 1 h 5 min', 'in 4 min', 'in less than a minute'. */
export function timeUntil(target: string, now: number): string {
  const minutes = Math.floor((Date.parse(target) - now) / 60_000);
  if (minutes < 1) return 'in less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `in ${days} ${days === 1 ? 'day' : 'days'}${hours > 0 ? ` ${hours} h` : ''}`;
  if (hours > 0) return `in ${hours} h${mins > 0 ? ` ${mins} min` : ''}`;
  return `in ${mins} min`;
}

/** What the learner can do with a mock now: start, resume, wait for results, or read them. */
export function mockAction(
  mock: Pick<LearnerMock, 'state' | 'sitting' | 'released'>,
  now: number,
  opensAt: string,
): 'countdown' | 'start' | 'resume' | 'results-on' | 'view-results' | 'closed' {
  if (mock.sitting === 'submitted') return mock.released ? 'view-results' : 'results-on';
  if (mock.state === 'upcoming' && Date.parse(opensAt) > now) return 'countdown';
  if (mock.state === 'closed') return 'closed';
  return mock.sitting === 'in_progress' ? 'resume' : 'start';
}

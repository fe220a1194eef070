import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CohortInsights } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { differenceText, InsightsSection } from './insights-section.tsx';

const COHORT = '0190f3a2-0000-7000-8000-0000000000d1';
const EXAM = '0190f3a2-0000-7000-8000-0000000000e7';
const topic = (
  name: string,
  cohort: [number, number, number],
  everyone: [number, number],
): CohortInsights['topics'][number] => ({
  examId: EXAM,
  examTitle: 'Finals paper',
  topic: name,
  cohort: { answered: cohort[0], correct: cohort[1], learners: cohort[2] },
  everyone: { answered: everyone[0], correct: everyone[1] },
});

describe('InsightsSection', () => {
  it('shows each topic’s share of right answers against all learners, and the weeks', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      [`GET /api/admin/cohorts/${COHORT}/insights`]: () =>
        json({
          topics: [
            topic('Cardiology', [40, 30, 4], [1000, 600]),
            topic('Renal', [20, 8, 4], [1000, 550]),
            topic('Neurology', [0, 0, 0], [500, 250]),
          ],
          weeks: [{ weekStart: '2027-01-04', results: 6, members: 4, meanScore: 68 }],
        } satisfies CohortInsights),
    });
    renderPage(<InsightsSection cohortId={COHORT} />);
    await screen.findByText('Cardiology');
    const table = screen.getByRole('table', { name: 'Topics against all learners' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'CardiologyFinals paper75%40 answers by 4 members60%+15 points',
      'RenalFinals paper40%20 answers by 4 members55%−15 points',
      'NeurologyFinals paperNo answers yet50%—',
    ]);
    const weeks = screen.getByRole('table', { name: 'Results week by week' });
    expect(within(weeks).getAllByRole('row')[1]!.textContent).toBe('January 4, 2027' + '6' + '4' + '68%');
  });

  it('says when there is nothing yet, and when the figures could not be read', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      [`GET /api/admin/cohorts/${COHORT}/insights`]: () => json({ message: 'Server error' }, 500),
    });
    renderPage(<InsightsSection cohortId={COHORT} />);
    expect((await screen.findAllByText('Server error')).length).toBeGreaterThan(0);
  });

  it('calls equal shares level', () => {
    expect(differenceText(topic('x', [10, 5, 1], [100, 50]))).toBe('Level');
    expect(differenceText(topic('x', [10, 6, 1], [100, 50]))).toBe('+10 points');
  });
});

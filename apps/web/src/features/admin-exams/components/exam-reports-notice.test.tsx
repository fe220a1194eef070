import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminExamInfo } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminReport } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamReportsNotice, reportedQuestions } from './exam-reports-notice.tsx';

describe('reportedQuestions', () => {
  it('names reported questions by number in the exam order, with counts above one', () => {
    expect(reportedQuestions([3, 1, 3])).toBe('Questions 1, 3 (2 reports)');
    expect(reportedQuestions([2])).toBe('Question 2');
    // A deleted or rejected question has no number.
    expect(reportedQuestions([null])).toBe('');
  });
});

describe('ExamReportsNotice', () => {
  it('says how many reports are open and links to the queue for this exam', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/reports': () =>
        json({
          reports: [
            buildAdminReport({ _id: 'rep1', questionId: 'q2', questionNumber: 2 }),
            buildAdminReport({ _id: 'rep2', questionId: 'q2', questionNumber: 2 }),
          ],
          total: 2,
          page: 1,
          pages: 1,
        }),
    });
    const exam = { _id: 'e1' } as unknown as AdminExamInfo;
    renderPage(<ExamReportsNotice exam={exam} />, { url: '/admin/exams/e1/edit' });
    expect(await screen.findByText('2 open learner reports: Question 2 (2 reports).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review reports' }).getAttribute('href')).toBe(
      '/admin/reports?examId=e1',
    );
    expect(requests[0]?.search).toContain('status=open');
  });
});

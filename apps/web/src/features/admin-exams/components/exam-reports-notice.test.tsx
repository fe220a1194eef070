import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminExamDetail } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamReportsNotice, reportedQuestions } from './exam-reports-notice.tsx';

describe('reportedQuestions', () => {
  it('names reported questions by number in the exam order, with counts above one', () => {
    expect(reportedQuestions(['a', 'b', 'c'], ['c', 'a', 'c'])).toBe('Questions 1, 3 (2 reports)');
    expect(reportedQuestions(['a', 'b'], ['b'])).toBe('Question 2');
    expect(reportedQuestions(['a'], ['gone'])).toBe('');
  });
});

describe('ExamReportsNotice', () => {
  it('says how many reports are open and links to the queue for this exam', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/reports': () =>
        json({ reports: [{ questionId: 'q2' }, { questionId: 'q2' }], total: 2, page: 1, pages: 1 }),
    });
    const exam = { _id: 'e1', questions: [{ _id: 'q1' }, { _id: 'q2' }] } as unknown as AdminExamDetail;
    renderPage(<ExamReportsNotice exam={exam} />, { url: '/admin/exams/e1/edit' });
    expect(await screen.findByText('2 open learner reports: Question 2 (2 reports).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review reports' }).getAttribute('href')).toBe(
      '/admin/reports?examId=e1',
    );
    expect(requests[0]?.search).toContain('status=open');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminExamDetail, AdminQuestion } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { EditExamPage } from './edit-exam-page.tsx';

const EXAM_ID = '0190f3a2-0000-7000-8000-000000000001';

const question = (id: string, overrides: Partial<AdminQuestion> = {}): AdminQuestion => ({
  _id: id,
  question: `Question text ${id}`,
  options: ['Alpha', 'Beta', 'Gamma', 'Delta'],
  correctAnswer: 1,
  explanation: '',
  isAIGenerated: false,
  approvalStatus: 'approved',
  rejectionReason: null,
  topic: null,
  ...overrides,
});

/** The questions with the counts the API reports for them: approved ones count, AI drafts are pending. */
const counted = (questions: AdminQuestion[]) => ({
  questions,
  questionCount: questions.filter((q) => q.approvalStatus === 'approved').length,
  pendingCount: questions.filter((q) => q.approvalStatus === 'pending').length,
});

const exam = (overrides: Partial<AdminExamDetail> = {}): AdminExamDetail => ({
  _id: EXAM_ID,
  title: 'Cardiology basics',
  description: 'Hearts',
  category: 'medical',
  price: 4.99,
  numberOfQuestions: 2,
  isActive: false,
  activeSubscribers: 0,
  tags: ['ecg'],
  createdAt: '2025-03-05T10:00:00.000Z',
  topics: [],
  secondsPerQuestion: 90,
  modes: ['exam', 'timed', 'tutor'],
  ...counted(overrides.questions ?? [question('q1'), question('q2')]),
  ...overrides,
});

/** One approved question, an AI draft rejected with a reason (listed before the pending one), one pending. */
const reviewQueue = () => [
  question('q1'),
  question('q3', {
    isAIGenerated: true,
    approvalStatus: 'rejected',
    rejectionReason: 'Two options are correct',
  }),
  question('q2', { isAIGenerated: true, approvalStatus: 'pending' }),
];

const DETAIL = `GET /api/admin/exams/${EXAM_ID}`;
/** The API's answer to DETAIL: the exam with `overrides`. */
const answerExam = (overrides: Partial<AdminExamDetail>) => () => json(exam(overrides));

/** Signs an administrator in, answers the API with `handlers` and opens the exam's editor. */
function openEditor(handlers: Parameters<typeof stubFetch>[0]) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch(handlers);
  return { requests, ...renderEditor() };
}

function renderEditor() {
  return renderPage(<EditExamPage examId={EXAM_ID} />, { url: `/admin/exams/${EXAM_ID}/edit` });
}

describe('EditExamPage', () => {
  it('shows the information panel, the questions and Publish Exam when there are enough', async () => {
    let published = false;
    const { requests } = openEditor({
      [DETAIL]: () => json(exam({ isActive: published })),
      [`PUT /api/admin/exams/${EXAM_ID}/publish`]: () => {
        published = true;
        return json({ message: 'Exam published successfully', exam: exam({ isActive: true }) });
      },
    });

    expect(await screen.findByRole('heading', { name: 'Questions (2/2)' })).toBeTruthy();
    expect(screen.getByText('£4.99')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    // The correct option is marked for screen readers too.
    const first = screen.getByRole('article', { name: /Question 1/ });
    expect(within(first).getByText(/Beta/).textContent).toContain('(Correct answer)');
    expect(requests[0]?.headers.get('Authorization')).toBe('Admin admin-token');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Publish Exam' }));
    expect(await screen.findByText('Exam published successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish Exam' })).toBeNull());
    expect(screen.getByText('Published')).toBeTruthy();
  });

  it('hides Publish Exam with too few questions and hides rejected questions', async () => {
    openEditor({
      [DETAIL]: answerExam({ questions: reviewQueue() }),
    });

    expect(await screen.findByRole('heading', { name: 'Questions (1/2)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish Exam' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Question text q3')).toBeNull();
    expect(screen.getByText('AI · Pending')).toBeTruthy();
  });

  it('keeps rejected questions out of the default list and shows them with their reason under Rejected', async () => {
    openEditor({
      [DETAIL]: answerExam({ questions: reviewQueue() }),
    });
    const user = userEvent.setup();

    // Default: the spec's list, rejected questions hidden (spec §4).
    const current = await screen.findByRole('button', { name: 'Current (2)' });
    expect(current.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toHaveLength(
      2,
    );
    expect(screen.getByRole('article', { name: /Question 2/ })).toBeTruthy();
    expect(screen.queryByText('Question text q3')).toBeNull();
    expect(screen.queryByText(/Two options are correct/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pending (1)' }));
    const pending = screen.getAllByRole('article');
    expect(pending).toHaveLength(1);
    // A pending question keeps its number from the full list.
    expect(within(pending[0]!).getByRole('heading', { name: /Question 2/ })).toBeTruthy();
    expect(within(pending[0]!).getByRole('button', { name: 'Approve' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rejected (1)' }));
    const [rejected] = screen.getAllByRole('article');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(rejected!).getByRole('heading', { name: /Rejected question 1/ })).toBeTruthy();
    expect(within(rejected!).getByText('Question text q3')).toBeTruthy();
    expect(within(rejected!).getByText('AI · Rejected')).toBeTruthy();
    expect(within(rejected!).getByRole('note').textContent).toBe('Rejection reason: Two options are correct');
    expect(within(rejected!).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(rejected!).getByRole('button', { name: 'Delete rejected question 1' })).toBeTruthy();
    expect(within(rejected!).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks for a reason before rejecting an AI question', async () => {
    const { requests } = openEditor({
      [DETAIL]: answerExam({
        questions: [question('q1'), question('q2', { isAIGenerated: true, approvalStatus: 'pending' })],
      }),
      [`PUT /api/admin/exams/${EXAM_ID}/questions/q2/approve`]: (request) =>
        json({ ...question('q2'), ...(request.body as object) }),
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Question' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please provide a reason for rejection.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Reason for rejection/), 'Ambiguous wording');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      action: 'reject',
      rejectionReason: 'Ambiguous wording',
    });
  });

  it('warns before a delete unpublishes the exam, and refuses one that would take it from subscribers (issue 15.1)', async () => {
    let subscribers = 0;
    const user = userEvent.setup();
    const { requests, unmount } = openEditor({
      [DETAIL]: () => json(exam({ isActive: true, activeSubscribers: subscribers })),
      [`DELETE /api/admin/exams/${EXAM_ID}/questions/q1`]: () =>
        json({ message: 'Question deleted successfully' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Question' });
    expect(
      within(dialog).getByText(
        'This exam is published and needs 2 questions. Deleting this one leaves 1, so the exam will be unpublished (back to Draft) until it has enough again.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    unmount();

    subscribers = 3;
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    expect(
      await screen.findByText(
        'Learners with active subscriptions rely on this published exam, which needs 2 questions. Add a question or lower the number of questions before deleting this one.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it("shows 'Error fetching exam' when the exam cannot be loaded", async () => {
    openEditor({ [DETAIL]: () => new Response(null, { status: 500 }) });
    expect(await screen.findByText('Error fetching exam')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminExamDetail, AdminQuestion } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { EXAM_ID, exam, question } from '../exam-fixtures.ts';
import { EditExamPage } from './edit-exam-page.tsx';

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

const DETAIL = `GET /api/admin/exams/${EXAM_ID}/info`;
const LIST = `GET /api/admin/exams/${EXAM_ID}/questions`;
const LIST_PATH = `/api/admin/exams/${EXAM_ID}/questions`;
/** The API's answer to DETAIL: the exam with `overrides`. */
const answerExam = (overrides: Partial<AdminExamDetail>) => () => json(exam(overrides));

/**
 * GET …/questions as the server answers it (decision 0043), over `questions` in creation order: numbered
 * in the whole list, filtered by status, topic, author and words, counted per status under the other
 * filters, paged.
 */
function answerList(questions: () => AdminQuestion[]) {
  return (request: RecordedRequest) => {
    const query = new URLSearchParams(request.search);
    const all = questions();
    let current = 0;
    let rejected = 0;
    const numbered = all.map((q) => ({
      ...q,
      number: q.approvalStatus === 'rejected' ? ++rejected : ++current,
    }));
    const words = (query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const others = numbered.filter(
      (q) =>
        (!query.get('topic') || (q.topic ?? 'General') === query.get('topic')) &&
        (!query.get('author') || q.isAIGenerated === (query.get('author') === 'ai')) &&
        words.every((word) =>
          [q.question, q.explanation, ...q.options].join(' ').toLowerCase().includes(word),
        ),
    );
    const status = query.get('status');
    const matching = others.filter((q) =>
      !status ? true : status === 'current' ? q.approvalStatus !== 'rejected' : q.approvalStatus === status,
    );
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 25);
    const count = (state: string) => others.filter((q) => q.approvalStatus === state).length;
    return json({
      questions: matching.slice((page - 1) * limit, page * limit),
      total: matching.length,
      page,
      limit,
      counts: {
        all: others.length,
        pending: count('pending'),
        approved: count('approved'),
        rejected: count('rejected'),
      },
      topics: [...new Set(all.map((q) => q.topic ?? 'General'))].sort(),
    });
  };
}

/** DETAIL and LIST for an exam with these questions (and `overrides`). */
const answerBoth = (questions: AdminQuestion[], overrides: Partial<AdminExamDetail> = {}) => ({
  [DETAIL]: answerExam({ questions, ...overrides }),
  [LIST]: answerList(() => questions),
});

const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === LIST_PATH);

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
      [LIST]: answerList(() => [question('q1'), question('q2')]),
      [`PUT /api/admin/exams/${EXAM_ID}/publish`]: () => {
        published = true;
        return json({ message: 'Exam published successfully', exam: exam({ isActive: true }) });
      },
    });

    expect(await screen.findByRole('heading', { name: 'Questions (2/2)' })).toBeTruthy();
    expect(screen.getByText('£4.99')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    // The correct option is marked for screen readers too.
    const first = await screen.findByRole('article', { name: /Question 1/ });
    expect(within(first).getByText(/Beta/).textContent).toContain('(Correct answer)');
    expect(requests[0]?.headers.get('Authorization')).toBe('Admin admin-token');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Publish Exam' }));
    expect(await screen.findByText('Exam published successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish Exam' })).toBeNull());
    expect(screen.getByText('Published')).toBeTruthy();
  });

  it('hides Publish Exam with too few questions and hides rejected questions', async () => {
    openEditor(answerBoth(reviewQueue()));

    expect(await screen.findByRole('heading', { name: 'Questions (1/2)' })).toBeTruthy();
    expect(await screen.findByText('Showing 1–2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish Exam' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('Question text q3')).toBeNull();
    expect(screen.getByText('AI · Pending')).toBeTruthy();
  });

  it('keeps rejected questions out of the default list and shows them with their reason under Rejected', async () => {
    const { requests, router } = openEditor(answerBoth(reviewQueue()));
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

    expect(new URLSearchParams(listRequests(requests)[0]?.search).get('status')).toBe('current');

    await user.click(screen.getByRole('button', { name: 'Pending (1)' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    const pending = screen.getAllByRole('article');
    expect(new URLSearchParams(listRequests(requests).at(-1)?.search).get('status')).toBe('pending');
    expect(router.state.location.search).toBe('?view=pending');
    // A pending question keeps its number from the full list.
    expect(within(pending[0]!).getByRole('heading', { name: /Question 2/ })).toBeTruthy();
    expect(within(pending[0]!).getByRole('button', { name: 'Approve' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rejected (1)' }));
    expect(await screen.findByText('Question text q3')).toBeTruthy();
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
      ...answerBoth([question('q1'), question('q2', { isAIGenerated: true, approvalStatus: 'pending' })]),
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

  it('warns before a delete unpublishes the exam, and refuses one that would take it from subscribers (decision 0016)', async () => {
    let subscribers = 0;
    const user = userEvent.setup();
    const { requests, unmount } = openEditor({
      [DETAIL]: () => json(exam({ isActive: true, activeSubscribers: subscribers })),
      [LIST]: answerList(() => [question('q1'), question('q2')]),
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

  it('pages the list on the server, 25 at a time, keeping the page in the URL', async () => {
    const bank = Array.from({ length: 30 }, (_, i) => question(`b${i + 1}`));
    const { requests, router } = openEditor(answerBoth(bank, { numberOfQuestions: 30 }));
    const user = userEvent.setup();

    expect(await screen.findByText('Showing 1–25 of 30')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(listRequests(requests)[0]?.search).toBe('?status=current&page=1&limit=25');

    await user.click(screen.getByRole('button', { name: 'Go to page 2 of the questions' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.getByRole('article', { name: /Question 26/ })).toBeTruthy();
    expect(listRequests(requests).at(-1)?.search).toBe('?status=current&page=2&limit=25');
    expect(router.state.location.search).toBe('?page=2');
    // The new page starts at its top: the line saying what it shows has the focus.
    expect(document.activeElement?.textContent).toBe('Showing 26–30 of 30');
  });

  it('opens on the page, view and filters of its URL, and a page past the end shows the last one', async () => {
    const bank = [
      ...Array.from({ length: 27 }, (_, i) =>
        question(`p${i + 1}`, { isAIGenerated: true, approvalStatus: 'pending' }),
      ),
      question('h1'),
    ];
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch(answerBoth(bank));
    const { router } = renderPage(<EditExamPage examId={EXAM_ID} />, {
      url: `/admin/exams/${EXAM_ID}/edit?view=pending&author=ai&page=5`,
    });
    expect(await screen.findByText('Showing 26–27 of 27')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pending (27)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Written by' }).textContent).toBe('AI-drafted');
    expect(router.state.location.search).toBe('?view=pending&author=ai&page=2');
    expect(listRequests(requests).map((r) => new URLSearchParams(r.search).get('page'))).toEqual(['5', '2']);
  });

  it('filters by topic, author and words on the server, and says when nothing matches', async () => {
    const bank = [
      question('q1', { topic: 'Renal', question: 'Which diuretic spares potassium?' }),
      question('q2', { isAIGenerated: true, explanation: 'Loop diuretics waste potassium' }),
      question('q3', { topic: 'Renal', isAIGenerated: true, question: 'Nephron segment?' }),
    ];
    const { requests, router } = openEditor(answerBoth(bank, { numberOfQuestions: 3 }));
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–3 of 3')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Topic' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All topics', 'General', 'Renal']);
    await user.click(screen.getByRole('option', { name: 'Renal' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Written by' }));
    await user.click(screen.getByRole('option', { name: 'AI-drafted' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    // Numbers are the whole list's.
    expect(screen.getByRole('article', { name: /Question 3/ })).toBeTruthy();
    expect(new URLSearchParams(listRequests(requests).at(-1)?.search).get('author')).toBe('ai');

    await user.type(screen.getByRole('textbox', { name: 'Search questions' }), 'potassium');
    expect(await screen.findByText('No questions match these filters.')).toBeTruthy();
    const last = new URLSearchParams(listRequests(requests).at(-1)?.search);
    expect([last.get('topic'), last.get('author'), last.get('search'), last.get('page')]).toEqual([
      'Renal',
      'ai',
      'potassium',
      '1',
    ]);
    expect(router.state.location.search).toBe('?topic=Renal&author=ai&search=potassium');
    // The counts follow the filters.
    expect(screen.getByRole('button', { name: 'Current (0)' })).toBeTruthy();
  });

  it('approves a page of drafts at once, then reloads the page', async () => {
    let bank = [
      question('q1'),
      ...['d1', 'd2', 'd3'].map((id) => question(id, { isAIGenerated: true, approvalStatus: 'pending' })),
    ];
    const { requests } = openEditor({
      [DETAIL]: () => json(exam({ questions: bank })),
      [LIST]: answerList(() => bank),
      [`POST /api/admin/exams/${EXAM_ID}/questions/review`]: (request) => {
        const ids = (request.body as { questionIds: string[] }).questionIds;
        bank = bank.map((q) => (ids.includes(q._id) ? { ...q, approvalStatus: 'approved' } : q));
        return json({ message: `${ids.length} questions approved`, updated: ids.length });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pending (3)' }));
    await user.click(await screen.findByRole('button', { name: 'Approve all 3' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('3 questions approved')).toBeTruthy();
    expect(await screen.findByText('No AI questions are waiting for approval.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Current (4)' })).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      action: 'approve',
      questionIds: ['d1', 'd2', 'd3'],
    });
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    const bank = [question('q1'), question('q2')];
    const requests = stubFetch({
      [DETAIL]: answerExam({ questions: bank }),
      [LIST]: (request) => (fail ? new Response(null, { status: 500 }) : answerList(() => bank)(request)),
    });
    window.localStorage.setItem('adminToken', 'admin-token');
    renderEditor();
    expect(await screen.findByText('Error fetching questions')).toBeTruthy();
    expect(screen.queryByText(/No questions yet/)).toBeNull();
    fail = false;
    const before = listRequests(requests).length;
    const section = screen.getByRole('region', { name: /^Questions/ });
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1–2 of 2')).toBeTruthy();
    expect(listRequests(requests).length).toBe(before + 1);
    expect(screen.queryByText('Error fetching questions')).toBeNull();
  });

  it('links to the preview as a learner', async () => {
    openEditor(answerBoth([question('q1'), question('q2')]));
    const link = await screen.findByRole('link', { name: 'Preview as a learner' });
    expect(link.getAttribute('href')).toBe(`/admin/exams/${EXAM_ID}/preview`);
  });

  it("shows 'Error fetching exam' when the exam cannot be loaded", async () => {
    openEditor({ [DETAIL]: () => new Response(null, { status: 500 }) });
    expect(await screen.findByText('Error fetching exam')).toBeTruthy();
  });
});

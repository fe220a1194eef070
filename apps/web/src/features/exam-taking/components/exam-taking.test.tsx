import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Attempt, SaveChanges } from '@mlp/contract';
import { json, noAnswer, publicSettings, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { buildAttempt, buildExamResult, buildThread } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamTaking } from './exam-taking.tsx';

const attempt: Attempt = buildAttempt({
  _id: '0195f0c2-0000-7000-8000-000000000001',
  examId: 'exam-1',
  examTitle: 'Cardiology Basics',
  startedAt: '2025-03-05T10:00:00.000Z',
  elapsedSeconds: 3725,
  questions: [
    {
      _id: 'q1',
      question: 'First question?',
      choices: ['Alpha', 'Bravo', 'Charlie', 'Delta'],
      topic: 'General',
    },
    {
      _id: 'q2',
      question: 'Second question?',
      choices: ['Echo', 'Foxtrot', 'Golf', 'Hotel'],
      topic: 'General',
    },
    {
      _id: 'q3',
      question: 'Third question?',
      choices: ['India', 'Juliet', 'Kilo', 'Lima'],
      topic: 'General',
    },
  ],
  mode: 'exam',
  kind: 'exam',
});

const result = buildExamResult();

/**
 * What the server holds after the page's saves of changes (decision 0074), applied in the order sent from
 * `start` (the sitting as loaded).
 */
function held(
  requests: RecordedRequest[],
  start: { certainties?: Record<string, string> } = {},
): {
  answers: Record<string, string>;
  flags: string[];
  strikes: Record<string, string[]>;
  certainties: Record<string, string>;
  currentIndex?: number;
} {
  const state = {
    answers: {} as Record<string, string>,
    flags: [] as string[],
    strikes: {} as Record<string, string[]>,
    certainties: { ...start.certainties } as Record<string, string>,
    currentIndex: undefined as number | undefined,
  };
  const apply = <T,>(into: Record<string, T>, changes: Record<string, T | null> | undefined) => {
    for (const [id, value] of Object.entries(changes ?? {}))
      if (value === null || (Array.isArray(value) && value.length === 0)) delete into[id];
      else into[id] = value;
  };
  for (const request of requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/answers'))) {
    const { changes, currentIndex } = request.body as { changes: SaveChanges; currentIndex?: number };
    apply(state.answers, changes.answers);
    apply(state.strikes, changes.strikes);
    apply(state.certainties, changes.certainties);
    if (changes.flags) state.flags = changes.flags;
    if (currentIndex !== undefined) state.currentIndex = currentIndex;
  }
  return state;
}

function signIn() {
  window.localStorage.setItem('token', 'learner-token');
}

/**
 * A stub of tutor mode's answer endpoint: the server's reveal of question q1 for the answer sent, with
 * `reveal` over an incorrect answer whose key is Alpha.
 */
function revealAnswer(reveal: Record<string, unknown> = {}) {
  return {
    [`POST /api/exams/attempts/${attempt._id}/answer`]: (r: RecordedRequest) =>
      json({
        questionId: 'q1',
        answer: (r.body as { answer: string }).answer,
        isCorrect: false,
        correctAnswer: 'Alpha',
        explanation: 'Because alpha comes first.',
        rationales: [],
        objective: '',
        references: [],
        ...reveal,
      }),
  };
}

function setup(
  overrides: Partial<Attempt> = {},
  handlers: Record<string, (r: RecordedRequest) => Response | Promise<Response>> = {},
  { askSubmit = false }: { askSubmit?: boolean } = {},
) {
  signIn();
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'POST /api/exams/exam-1/attempts': () => json({ ...attempt, ...overrides }),
    [`PUT /api/exams/attempts/${attempt._id}/answers`]: () => new Response(null, { status: 204 }),
    'POST /api/exams/exam-1/submit': () => json(result, 201),
    ...handlers,
  });
  const onSubmitted = vi.fn();
  renderPage(<ExamTaking examId="exam-1" askSubmit={askSubmit} onSubmitted={onSubmitted} />, {
    url: '/exams/exam-1/take',
    path: '/exams/:id/take',
  });
  return { requests, onSubmitted, user: userEvent.setup() };
}

const choiceButtons = () => within(screen.getByRole('radiogroup', { name: 'Choices' })).getAllByRole('radio');
const choiceText = (button: HTMLElement) => button.textContent?.replace(/^\d/, '') ?? '';

describe('ExamTaking', () => {
  it('shows the exam, the running timer, progress and the first question with all its choices', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Cardiology Basics' })).toBeTruthy();
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('01:02:05');
    const progress = screen.getByRole('progressbar', { name: 'Exam progress' });
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeCloseTo(33.33, 1);
    expect(screen.getByRole('heading', { name: 'First question?' })).toBeTruthy();
    expect(choiceButtons().map(choiceText).sort()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('stores the chosen choice TEXT, by click and by number key, and saves answers to the server', async () => {
    const { requests, user } = setup();
    await screen.findByText('Question 1 of 3');
    const picked = choiceButtons()[2] as HTMLElement;
    await user.click(picked);
    expect(picked.getAttribute('aria-checked')).toBe('true');
    const firstText = choiceText(picked);
    // The first answer reaches the server before the second is given.
    expect(await screen.findByText('Answers saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    await user.keyboard('2');
    const second = choiceButtons()[1] as HTMLElement;
    expect(second.getAttribute('aria-checked')).toBe('true');
    const secondText = choiceText(second);

    await waitFor(() => {
      expect(held(requests)).toMatchObject({
        answers: { q1: firstText, q2: secondText },
        currentIndex: 1,
      });
    });
    // Each save sends only what changed since the one before it was acknowledged (decision 0074).
    expect(
      requests
        .filter((r) => r.method === 'PUT')
        .map((r) => (r.body as { changes: SaveChanges }).changes.answers),
    ).toEqual([{ q1: firstText }, { q2: secondText }]);
    expect(JSON.parse(window.localStorage.getItem(`mlp:attempt-answers:${attempt._id}`) ?? '{}')).toEqual({
      q1: firstText,
      q2: secondText,
    });
    expect(screen.getByRole('button', { name: 'Question 2, answered' }).getAttribute('aria-current')).toBe(
      'step',
    );
    expect(screen.getByRole('button', { name: 'Question 3, unanswered' })).toBeTruthy();
  });

  it('moves with the arrow keys and the navigator; Next becomes Submit on the last question', async () => {
    const { user } = setup();
    await screen.findByText('Question 1 of 3');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Question 3, unanswered' }));
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Exam progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
  });

  it('resumes with the answers saved on the server', async () => {
    setup({ answers: { q2: 'Golf' } });
    await screen.findByText('Question 1 of 3');
    expect(screen.getByRole('button', { name: 'Question 2, answered' })).toBeTruthy();
    expect(screen.getByText('1 of 3 answered')).toBeTruthy();
  });

  it('confirms before submitting, says how many are unanswered, and submits answers, duration and attempt', async () => {
    const { requests, onSubmitted, user } = setup({ answers: { q1: 'Delta' } });
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Question 3, unanswered' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Submit Exam' });
    expect(
      within(dialog).getByText('Are you sure you want to submit your exam? This action cannot be undone.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/You have 2 unanswered questions\./)).toBeTruthy();
    // Number keys do nothing while the dialog is open.
    await user.keyboard('1');
    expect(screen.getByText('1 of 3 answered')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(result));
    const submit = requests.find((r) => r.path === '/api/exams/exam-1/submit');
    expect(submit?.body).toMatchObject({ answers: { q1: 'Delta' }, attemptId: attempt._id });
    expect((submit?.body as { duration: number }).duration).toBeGreaterThanOrEqual(3725);
    expect(window.localStorage.getItem(`mlp:attempt-answers:${attempt._id}`)).toBeNull();
  });

  it('closes the dialog and shows the error when submitting fails', async () => {
    const { onSubmitted, user } = setup(
      {},
      {
        'POST /api/exams/exam-1/submit': () => json({ message: 'Server is busy' }, 500),
      },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Question 3, unanswered' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Exam' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Server is busy')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("falls back to 'Error submitting exam'", async () => {
    const { user } = setup(
      {},
      { 'POST /api/exams/exam-1/submit': () => new Response(null, { status: 500 }) },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Question 3, unanswered' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error submitting exam')).toBeTruthy();
  });

  it('explains a missing subscription and links to the exam page', async () => {
    setup(
      {},
      {
        'POST /api/exams/exam-1/attempts': () =>
          json({ message: 'You need an active subscription to this exam to take it.' }, 403),
      },
    );
    expect(await screen.findByText('You need an active subscription to this exam to take it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View exam' }).getAttribute('href')).toBe('/exams/exam-1');
  });

  it("shows 'Error fetching exam' for other failures", async () => {
    setup({}, { 'POST /api/exams/exam-1/attempts': () => new Response(null, { status: 400 }) });
    expect(await screen.findByText('Error fetching exam')).toBeTruthy();
  });

  it('reopens the question the learner was on, and saves the position on navigation (ADR 0018)', async () => {
    const { requests, user } = setup({ currentIndex: 2 });
    expect(await screen.findByText('Question 3 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Question 2, unanswered' }));
    await waitFor(() => {
      const saves = requests.filter((r) => r.method === 'PUT');
      expect(saves.at(-1)?.body).toMatchObject({ changes: {}, currentIndex: 1 });
    });
  });

  it("shows 'Saving…' then 'Answers saved'", async () => {
    const { user } = setup();
    await screen.findByText('Question 1 of 3');
    await user.click(choiceButtons()[0] as HTMLElement);
    expect(screen.getByText('Saving…')).toBeTruthy();
    expect(await screen.findByText('Answers saved')).toBeTruthy();
  });

  it("retries a failed save with back-off and says 'Not saved, retrying' meanwhile", async () => {
    let calls = 0;
    const { requests, user } = setup(
      {},
      {
        [`PUT /api/exams/attempts/${attempt._id}/answers`]: () => {
          calls += 1;
          return calls === 1 ? json({ message: 'Server is busy' }, 503) : new Response(null, { status: 204 });
        },
      },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(choiceButtons()[0] as HTMLElement);
    expect(await screen.findByText('Not saved, retrying')).toBeTruthy();
    expect(await screen.findByText('Answers saved', {}, { timeout: 3000 })).toBeTruthy();
    const saves = requests.filter((r) => r.method === 'PUT');
    expect(saves).toHaveLength(2);
    // The retry carries the same progress under the next sequence number.
    const { seq: firstSeq, ...first } = saves[0]?.body as { seq: number };
    const { seq: secondSeq, ...second } = saves[1]?.body as { seq: number };
    expect(second).toEqual(first);
    expect(secondSeq).toBe(firstSeq + 1);
  });

  it.each(['pagehide', 'visibilitychange'])(
    'sends an answer not yet saved at once, with keepalive, on %s',
    async (event) => {
      const { requests, user } = setup();
      await screen.findByText('Question 1 of 3');
      const picked = choiceButtons()[1] as HTMLElement;
      await user.click(picked);
      // Well inside the 500 ms pause: nothing sent yet.
      expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      if (event === 'pagehide') window.dispatchEvent(new Event('pagehide'));
      else document.dispatchEvent(new Event('visibilitychange'));
      visibility.mockRestore();
      const saves = requests.filter((r) => r.method === 'PUT');
      expect(saves).toHaveLength(1);
      expect(saves[0]?.body).toMatchObject({
        changes: { answers: { q1: choiceText(picked) } },
        currentIndex: 0,
      });
      const init = vi
        .mocked(fetch)
        .mock.calls.map((call) => call[1])
        .find((options) => options?.method === 'PUT');
      expect(init?.keepalive).toBe(true);
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer learner-token');
    },
  );

  it('keeps focus on a choice when the arrow keys move to another question, and shows a focus ring', async () => {
    const { user } = setup();
    await screen.findByText('Question 1 of 3');
    await user.tab();
    const first = choiceButtons()[0] as HTMLElement;
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    const focused = document.activeElement as HTMLElement;
    expect(focused).not.toBe(document.body);
    expect(within(screen.getByRole('radiogroup', { name: 'Choices' })).getAllByRole('radio')).toContain(
      focused,
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    expect(choiceButtons()).toContain(document.activeElement);
  });
});

describe('ExamTaking study sittings (decision 0037)', () => {
  /** A sitting started in exam mode whose answers were last saved as `saveSeq`; its saves are answered. */
  async function startExamMode(saveSeq: number) {
    signIn();
    const requests = stubFetch({
      'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
      'POST /api/exams/exam-1/attempts': () => json({ ...attempt, saveSeq }),
      [`PUT /api/exams/attempts/${attempt._id}/answers`]: () => new Response(null, { status: 204 }),
    });
    renderPage(<ExamTaking examId="exam-1" mode="exam" onSubmitted={vi.fn()} />, {
      url: '/exams/exam-1/take',
      path: '/exams/:id/take',
    });
    const user = userEvent.setup();
    await screen.findByText('Question 1 of 3');
    return { requests, user };
  }

  it('sends the mode asked for, flags and strikes with a sequence number above the saved one', async () => {
    const { requests, user } = await startExamMode(7);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ mode: 'exam' });
    await user.click(screen.getByRole('button', { name: 'Flag' }));
    expect(screen.getByRole('button', { name: 'Flagged' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Question 1, unanswered, flagged' })).toBeTruthy();
    const strike = screen.getByRole('button', { name: 'Strike out Bravo' });
    await user.click(strike);
    expect(strike.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      expect(held(requests)).toMatchObject({ flags: ['q1'], strikes: { q1: ['Bravo'] } });
    });
    const seqs = requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { seq: number }).seq);
    expect(seqs[0]).toBe(8);
  });

  it('never has an option both chosen and struck out: striking the answer takes it back, choosing restores', async () => {
    const { requests, user } = await startExamMode(0);
    const bravo = () => choiceButtons().find((button) => choiceText(button).startsWith('Bravo'))!;
    const strikeBravo = () => screen.getByRole('button', { name: 'Strike out Bravo' });
    const lastSave = () => held(requests);

    await user.click(bravo());
    expect(bravo().getAttribute('aria-checked')).toBe('true');
    await user.click(strikeBravo());
    expect(strikeBravo().getAttribute('aria-pressed')).toBe('true');
    expect(bravo().getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(lastSave()).toMatchObject({ strikes: { q1: ['Bravo'] } }));
    expect(lastSave().answers).toEqual({});

    // Choosing the struck option restores it.
    await user.click(bravo());
    expect(bravo().getAttribute('aria-checked')).toBe('true');
    expect(strikeBravo().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(lastSave()).toMatchObject({ answers: { q1: 'Bravo' } }));
    expect(lastSave()?.strikes?.q1 ?? []).not.toContain('Bravo');
  });

  it('counts flagged questions in the submit dialog and leads back to the first flagged one', async () => {
    const { user } = setup({ flags: ['q2'], currentIndex: 2 });
    await screen.findByText('Question 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Exam' });
    expect(within(dialog).getByText('You have 1 flagged question.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Review flagged' }));
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
  });

  it('tutor: checks the picked answer, shows the feedback and locks the question', async () => {
    const { requests, user } = setup({ mode: 'tutor' }, revealAnswer());
    await screen.findByText('Question 1 of 3');
    expect(screen.getByText('Tutor mode')).toBeTruthy();
    const check = screen.getByRole('button', { name: 'Check answer' });
    expect(check.hasAttribute('disabled')).toBe(true);
    const bravo = choiceButtons().find((button) => choiceText(button) === 'Bravo') as HTMLElement;
    await user.click(bravo);
    await user.click(check);
    expect(await screen.findByText('Incorrect')).toBeTruthy();
    expect(screen.getByText('Alpha', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Because alpha comes first.')).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/answer'))?.body).toEqual({
      questionId: 'q1',
      answer: 'Bravo',
      currentIndex: 0,
    });
    // Locked: the choices are no longer radios but the review of the answer, and keys change nothing.
    expect(screen.queryByRole('radiogroup', { name: 'Choices' })).toBeNull();
    const rows = within(screen.getByRole('list', { name: 'Options' })).getAllByRole('listitem');
    expect(rows.find((row) => row.textContent?.includes('Bravo'))?.textContent).toContain(
      'Your answer, incorrect',
    );
    expect(rows.find((row) => row.textContent?.includes('Alpha'))?.textContent).toContain('Correct answer');
    expect(document.activeElement?.textContent).toMatch(/^Incorrect/);
    await user.keyboard('1');
    expect(screen.getByRole('list', { name: 'Options' }).textContent).toContain('Your answer, incorrect');
    expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check answer' })).toBeNull();
  });

  it('tutor: once answered, the question takes a private note (decision 0059)', async () => {
    const saved = {
      questionId: 'q1',
      text: 'Alpha first',
      version: 1,
      currentVersion: 1,
      questionChanged: false,
      createdAt: '2026-12-01T10:00:00.000Z',
      updatedAt: '2026-12-01T10:00:00.000Z',
    };
    const { requests, user } = setup(
      { mode: 'tutor' },
      {
        ...revealAnswer(),
        'GET /api/notes/q1': () => json({ note: null }),
        'PUT /api/notes/q1': () => json({ message: 'Note saved', note: saved }),
      },
    );
    await screen.findByText('Question 1 of 3');
    // Nothing to note before the answer is checked.
    expect(screen.queryByRole('button', { name: /Add a note/ })).toBeNull();
    await user.click(choiceButtons()[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await user.click(await screen.findByRole('button', { name: /Add a note/ }));
    await user.type(screen.getByRole('textbox', { name: /note/i }), 'Alpha first');
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText('Alpha first')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/api/notes/q1')?.body).toEqual({
      text: 'Alpha first',
    });
  });

  it('tutor: the reveal shows every option in the order shown, each with its own rationale, the objective and references', async () => {
    // Math.random always 0 shuffles Alpha, Bravo, Charlie, Delta into Bravo, Charlie, Delta, Alpha.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const { user } = setup(
      { mode: 'tutor' },
      revealAnswer({
        explanation: 'Alpha first.',
        // Aligned with the question's choices as served (Alpha, Bravo, Charlie, Delta).
        rationales: ['Why Alpha is right.', 'Why not Bravo.', '', 'Why not Delta.'],
        objective: 'Know your alphabet.',
        references: [{ title: 'The NATO alphabet', url: 'https://example.org/nato' }],
      }),
    );
    await screen.findByText('Question 1 of 3');
    random.mockRestore();
    expect(choiceButtons().map(choiceText)).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
    await user.click(choiceButtons()[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    const list = await screen.findByRole('list', { name: 'Options' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      '1BravoYour answer, incorrectWhy not Bravo.',
      '2Charlie',
      '3DeltaWhy not Delta.',
      '4AlphaCorrect answerWhy Alpha is right.',
    ]);
    expect(screen.getByText('Alpha first.').textContent).toBe('Explanation: Alpha first.');
    expect(screen.getByRole('heading', { level: 3, name: 'Learning objective' })).toBeTruthy();
    expect(screen.getByText('Know your alphabet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'References' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^The NATO alphabet/ }).getAttribute('href')).toBe(
      'https://example.org/nato',
    );
  });

  it("tutor: once the answer is revealed, offers the question's discussion, loaded when opened (decision 0056)", async () => {
    const { requests, user } = setup(
      { mode: 'tutor' },
      {
        'GET /api/settings/public': () => publicSettings(),
        [`POST /api/exams/attempts/${attempt._id}/answer`]: (r) =>
          json({
            questionId: 'q1',
            answer: (r.body as { answer: string }).answer,
            isCorrect: true,
            correctAnswer: (r.body as { answer: string }).answer,
            explanation: '',
            rationales: [],
            objective: '',
            references: [],
          }),
        'GET /api/questions/q1/comments': () => json(buildThread()),
      },
    );
    await screen.findByText('Question 1 of 3');
    expect(screen.queryByRole('button', { name: 'Discussion (question 1)' })).toBeNull();
    await user.click(choiceButtons()[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    const toggle = await screen.findByRole('button', { name: 'Discussion (question 1)' });
    expect(toggle.closest('h3')).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/comments'))).toBe(false);
    await user.click(toggle);
    expect(await screen.findByText('No comments yet. Start the discussion.')).toBeTruthy();
    // Typing a comment is not answering: keys 1–6 in the text field stay in it.
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), '12');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a comment' }).value).toBe('12');
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
  });

  it('asks how sure the learner is only when they mark certainty, and saves it with the answers', async () => {
    const { requests, user } = setup({ certaintyEnabled: true, certainties: { q2: 'guessing' } });
    await screen.findByText('Question 1 of 3');
    const group = screen.getByRole('group', { name: 'How sure are you?' });
    await user.click(choiceButtons()[0] as HTMLElement);
    await user.click(within(group).getByRole('button', { name: 'Fairly sure' }));
    expect(within(group).getByRole('button', { name: 'Fairly sure' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const start = { certainties: { q2: 'guessing' } };
    await waitFor(() => {
      expect(held(requests, start).certainties).toEqual({ q1: 'fairly-sure', q2: 'guessing' });
    });
    // Pressing it again clears it.
    await user.click(within(group).getByRole('button', { name: 'Fairly sure' }));
    await waitFor(() => {
      expect(held(requests, start).certainties).toEqual({ q2: 'guessing' });
    });
  });

  it('sends no certainty and shows no picker for learners who do not mark it', async () => {
    const { requests, user } = setup();
    await screen.findByText('Question 1 of 3');
    expect(screen.queryByRole('group', { name: 'How sure are you?' })).toBeNull();
    await user.click(choiceButtons()[0] as HTMLElement);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(
      (requests.find((r) => r.method === 'PUT')?.body as { changes: object }).changes,
    ).not.toHaveProperty('certainties');
  });

  it('tutor: the keyboard alone picks (1–6), checks (Enter) and flags (F)', async () => {
    const { requests, user } = setup(
      { mode: 'tutor' },
      revealAnswer({
        isCorrect: true,
      }),
    );
    await screen.findByText('Question 1 of 3');
    // ? lists the shortcuts, Enter among them in tutor mode.
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Check the chosen answer')).toBeTruthy();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Enter with nothing picked checks nothing.
    await user.keyboard('{Enter}');
    expect(requests.some((r) => r.path.endsWith('/answer'))).toBe(false);
    await user.keyboard('f');
    expect(screen.getByRole('button', { name: 'Flagged' }).getAttribute('aria-pressed')).toBe('true');
    const alpha = choiceButtons().find((button) => choiceText(button) === 'Alpha') as HTMLElement;
    const position = choiceButtons().indexOf(alpha) + 1;
    await user.keyboard(String(position));
    expect(alpha.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Correct')).toBeTruthy();
    expect(requests.filter((r) => r.path.endsWith('/answer')).map((r) => r.body)).toEqual([
      { questionId: 'q1', answer: 'Alpha', currentIndex: 0 },
    ]);
    await user.keyboard('F');
    expect(screen.getByRole('button', { name: 'Flag' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('tutor: moving on from a pick never checked asks first; staying keeps it, moving on leaves it unchecked', async () => {
    const { requests, user } = setup({ mode: 'tutor' });
    await screen.findByText('Question 1 of 3');
    await user.keyboard('1');
    await user.keyboard('n');
    const ask = await screen.findByRole('dialog', { name: 'Move on without checking?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay and check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(choiceButtons()[0]?.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowRight}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Move on without checking?' })).getByRole('button', {
        name: 'Move on',
      }),
    );
    expect(await screen.findByText('Question 2 of 3')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing was checked, and a question with nothing picked moves on without asking.
    expect(requests.some((r) => r.path.endsWith('/answer'))).toBe(false);
    await user.keyboard('p');
    expect(await screen.findByText('Question 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('strikes out from the keyboard: S then a digit, or Shift and a digit; striking the choice takes it back', async () => {
    const { requests, user } = setup();
    await screen.findByText('Question 1 of 3');
    const second = choiceText(choiceButtons()[1] as HTMLElement);
    await user.keyboard('2');
    expect(choiceButtons()[1]?.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('s2');
    const strikeButtons = screen.getAllByRole('button', { name: /^Strike out/ });
    expect(strikeButtons[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(choiceButtons()[1]?.getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{Shift>}[Digit3]{/Shift}');
    expect(strikeButtons[2]?.getAttribute('aria-pressed')).toBe('true');
    // A digit after anything else than S chooses again.
    await user.keyboard('3');
    expect(choiceButtons()[2]?.getAttribute('aria-checked')).toBe('true');
    expect(strikeButtons[2]?.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => {
      expect(held(requests).strikes).toEqual({ q1: [second] });
    });
  });

  it('makes the choices one Tab stop, the chosen one, with ↑ ↓ moving among them', async () => {
    const { user } = setup();
    await screen.findByText('Question 1 of 3');
    const tabStops = () => choiceButtons().filter((button) => button.tabIndex === 0);
    expect(tabStops()).toEqual([choiceButtons()[0]]);
    expect(screen.getAllByRole('button', { name: /^Strike out/ }).every((b) => b.tabIndex === -1)).toBe(true);
    await user.click(choiceButtons()[2] as HTMLElement);
    expect(tabStops()).toEqual([choiceButtons()[2]]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(choiceButtons()[3]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(choiceButtons()[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(choiceButtons()[3]);
  });

  it('offers the choices as radios of one group, each strike-out toggle read right after its choice (decision 0078)', async () => {
    const { user } = setup();
    await screen.findByText('Question 1 of 3');
    const group = screen.getByRole('radiogroup', { name: 'Choices' });
    const radios = within(group).getAllByRole('radio');
    expect(
      radios.map((radio) => [radio.getAttribute('aria-posinset'), radio.getAttribute('aria-setsize')]),
    ).toEqual([
      ['1', '4'],
      ['2', '4'],
      ['3', '4'],
      ['4', '4'],
    ]);
    expect(radios.every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(radios.some((radio) => radio.hasAttribute('aria-pressed'))).toBe(false);
    const readingOrder = [...group.querySelectorAll('button')].map((button) =>
      button.getAttribute('role') === 'radio' ? choiceText(button) : button.getAttribute('aria-label'),
    );
    expect(readingOrder).toEqual(
      radios.flatMap((radio) => [choiceText(radio), `Strike out ${choiceText(radio)}`]),
    );

    const second = choiceText(radios[1] as HTMLElement);
    await user.click(radios[1] as HTMLElement);
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'false',
      'false',
    ]);
    const strike = within(group).getByRole('button', { name: `Strike out ${second}` });
    await user.click(strike);
    expect(strike.getAttribute('aria-pressed')).toBe('true');
    expect(
      within(group)
        .getByRole('radio', { name: new RegExp(`^${second} ?\\(struck out\\)$`) })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('tutor: sends the certainty with the checked answer, then locks it', async () => {
    const { requests, user } = setup(
      { mode: 'tutor', certaintyEnabled: true },
      revealAnswer({
        isCorrect: true,
        correctAnswer: 'Bravo',
        explanation: '',
      }),
    );
    await screen.findByText('Question 1 of 3');
    await user.click(choiceButtons().find((button) => choiceText(button) === 'Bravo') as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Guessing' }));
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Correct')).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/answer'))?.body).toEqual({
      questionId: 'q1',
      answer: 'Bravo',
      currentIndex: 0,
      certainty: 'guessing',
    });
    expect(screen.getByRole('button', { name: 'Guessing' }).hasAttribute('disabled')).toBe(true);
  });

  it('timed: counts down from the served seconds and submits at zero', async () => {
    const { requests, onSubmitted } = setup({
      mode: 'timed',
      remainingSeconds: 2,
      answers: { q1: 'Alpha' },
      pauseAllowed: false,
    });
    await screen.findByText('Question 1 of 3');
    expect(screen.getByRole('timer').textContent).toMatch(/Time left/);
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(result), { timeout: 5000 });
    expect(requests.find((r) => r.path === '/api/exams/exam-1/submit')?.body).toMatchObject({
      answers: { q1: 'Alpha' },
      attemptId: attempt._id,
    });
  });

  it('pauses (hiding the question) and resumes', async () => {
    const { requests, user } = setup(
      {},
      {
        [`POST /api/exams/attempts/${attempt._id}/pause`]: () =>
          json({ paused: true, remainingSeconds: null, pauseLeftSeconds: null }),
        [`POST /api/exams/attempts/${attempt._id}/resume`]: () =>
          json({ paused: false, remainingSeconds: null, pauseLeftSeconds: null }),
      },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('heading', { name: 'Paused' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'First question?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { name: 'First question?' })).toBeTruthy();
    expect(requests.filter((r) => r.path.endsWith('/pause') || r.path.endsWith('/resume'))).toHaveLength(2);
  });

  it('timed, where the exam allows it: pauses with the clock stopped and restarts from the server time', async () => {
    const { requests, user } = setup(
      { mode: 'timed', remainingSeconds: 600, pauseAllowed: true, pauseLeftSeconds: 1800 },
      {
        [`POST /api/exams/attempts/${attempt._id}/pause`]: () =>
          json({ paused: true, remainingSeconds: 600, pauseLeftSeconds: 1800 }),
        [`POST /api/exams/attempts/${attempt._id}/resume`]: () =>
          json({ paused: false, remainingSeconds: 420, pauseLeftSeconds: 1500 }),
      },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('heading', { name: 'Paused' })).toBeTruthy();
    expect(screen.getByText('The clock is stopped. Pause time left: 30 minutes.')).toBeTruthy();
    // The countdown stands still while paused.
    const shown = screen.getByRole('timer').textContent;
    expect(shown).toMatch(/00:(10:00|09:59)/);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(screen.getByRole('timer').textContent).toBe(shown);

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { name: 'First question?' })).toBeTruthy();
    // It runs again from what the server answered.
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/00:0(7:00|6:59)/));
    expect(requests.filter((r) => r.path.endsWith('/pause') || r.path.endsWith('/resume'))).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('timed: a sitting submitted by the server while paused shows its result on Resume, not an error', async () => {
    const { requests, onSubmitted, user } = setup(
      { mode: 'timed', remainingSeconds: 600, pauseAllowed: true, pauseLeftSeconds: 1800 },
      {
        [`POST /api/exams/attempts/${attempt._id}/pause`]: () =>
          json({ paused: true, remainingSeconds: 600, pauseLeftSeconds: 1800 }),
        [`POST /api/exams/attempts/${attempt._id}/resume`]: () =>
          json({ message: 'No exam attempt in progress' }, 404),
      },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(result));
    expect(requests.filter((r) => r.path === '/api/exams/exam-1/submit')).toHaveLength(1);
    expect(screen.queryByText('No exam attempt in progress')).toBeNull();
  });

  it('timed: offers no pause once the pause time is used up', async () => {
    setup({ mode: 'timed', remainingSeconds: 600, pauseAllowed: false, pauseLeftSeconds: 0 });
    await screen.findByText('Question 1 of 3');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('offers to resume a sitting open in another mode, or to start a new one in its place', async () => {
    const restarted = { ...attempt, _id: 'attempt-2', mode: 'timed' as const, remainingSeconds: 300 };
    const { requests, user } = setup(
      {},
      {
        'POST /api/exams/exam-1/attempts': (request) =>
          (request.body as { restart?: boolean } | null)?.restart
            ? json(restarted)
            : json(
                {
                  message:
                    'You have this exam in progress in tutor mode. Resume it, or start a new one in its place.',
                  code: 'ATTEMPT_IN_PROGRESS',
                },
                409,
              ),
      },
    );
    expect(await screen.findByText(/in progress in tutor mode/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Resume it' }).getAttribute('href')).toBe('/exams/exam-1/take');
    await user.click(screen.getByRole('button', { name: 'Start a new one' }));
    const ask = await screen.findByRole('dialog', { name: 'Start a new sitting?' });
    await user.click(within(ask).getByRole('button', { name: 'Start a new one' }));
    expect(await screen.findByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/Time left/);
    expect(requests.filter((r) => r.path === '/api/exams/exam-1/attempts').at(-1)?.body).toEqual({
      restart: true,
    });
  });

  it('offline: says so, keeps the answers, and submits by itself once the server answers again (decision 0066)', async () => {
    let reachable = false;
    const { requests, onSubmitted, user } = setup(
      { answers: { q1: 'Alpha' } },
      {
        'POST /api/exams/exam-1/submit': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return json(result, 201);
        },
      },
    );
    await screen.findByText('Question 1 of 3');
    // The browser says it is offline: the sitting says what happens to the answers.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(
      await screen.findByText(
        'You are offline. Your answers are kept on this device and saved as soon as the connection is back.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for the connection' })).toBeTruthy();
    expect(screen.queryByText('Error submitting exam')).toBeNull();
    expect(onSubmitted).not.toHaveBeenCalled();
    // Back online: the submit goes again by itself, with the answers kept.
    reachable = true;
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(result));
    const submits = requests.filter((r) => r.path === '/api/exams/exam-1/submit');
    expect(submits.length).toBeGreaterThanOrEqual(2);
    expect(submits.at(-1)?.body).toMatchObject({ answers: { q1: 'Alpha' } });
  });

  it('gives up on a save or a submit the server never answers after 15 s, says so, and tries again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The process serving the first save and the first submit dies with them on their way.
    let answering = false;
    const hangsFirst = (answer: () => Response) => (request: RecordedRequest) =>
      answering ? answer() : noAnswer(request);
    const { requests, onSubmitted, user } = setup(
      {},
      {
        [`PUT /api/exams/attempts/${attempt._id}/answers`]: hangsFirst(
          () => new Response(null, { status: 204 }),
        ),
        'POST /api/exams/exam-1/submit': hangsFirst(() => json(result, 201)),
      },
    );
    await screen.findByText('Question 1 of 3');
    const picked = choiceButtons()[0] as HTMLElement;
    const answers = { [attempt.questions[0]!._id]: choiceText(picked) };
    await user.click(picked);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(screen.getByText('Saving…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByText('Not saved, retrying')).toBeTruthy();
    expect(
      screen.getByText(
        'The server cannot be reached right now. Your answers are kept on this device and saved as soon as it answers.',
      ),
    ).toBeTruthy();
    answering = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('Answers saved')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2);

    answering = false;
    await user.click(screen.getByRole('button', { name: 'Submit now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(screen.queryByRole('heading', { name: 'Waiting for the server' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('heading', { name: 'Waiting for the server' })).toBeTruthy();
    expect(onSubmitted).not.toHaveBeenCalled();
    // The next try (every 5 s while waiting) reaches a process that answers.
    answering = true;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(result));
    const submits = requests.filter((r) => r.path === '/api/exams/exam-1/submit');
    expect(submits).toHaveLength(2);
    // The same submit again (the server ignores the page's duration, ADR 0018).
    for (const submit of submits) expect(submit.body).toMatchObject({ answers, attemptId: attempt._id });
  });

  it("a server error on submit is shown, not waited for: 'Try now' is for a server that cannot be reached", async () => {
    const { user } = setup(
      {},
      { 'POST /api/exams/exam-1/submit': () => json({ message: 'Something broke' }, 500) },
    );
    await screen.findByText('Question 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Submit now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Something broke')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Waiting for/ })).toBeNull();
  });

  it('opens the submit dialog at once when asked from the in-progress list', async () => {
    setup({}, {}, { askSubmit: true });
    expect(await screen.findByRole('dialog', { name: 'Submit Exam' })).toBeTruthy();
  });
});

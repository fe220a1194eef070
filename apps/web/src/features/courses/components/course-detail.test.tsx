import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseProgress, StartUnitResponse } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import {
  articleUnit,
  buildCourse,
  buildProgress,
  checkpointUnit,
  practiceUnit,
  unitProgress,
} from '../course-fixtures.ts';
import { CourseDetail } from './course-detail.tsx';

type Handler = (request: RecordedRequest) => Response;

const signIn = () => window.localStorage.setItem('token', 'learner-token');

function render(handlers: Record<string, Handler> = {}, url = '/courses/c1') {
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/courses/c1': () => json(buildCourse()),
    ...handlers,
  });
  const rendered = renderPage(<CourseDetail courseId="c1" />, { url, path: '/courses/:id' });
  return { requests, user: userEvent.setup(), ...rendered };
}

/** The unit's list item, found by its title. */
async function unitItem(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest('li') as HTMLElement;
}

/** The unit's status as shown ('Read', 'Done · 80%'), or undefined when it shows none. */
const statusOf = (item: HTMLElement) =>
  item.querySelector('[id*="-status-"]')?.textContent?.replace(/^Status: /, '');

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => r.path);

describe('CourseDetail', () => {
  it('shows the course and its units in order to a visitor, with what each unit is', async () => {
    const { requests } = render({
      'GET /api/courses/c1': () =>
        json(
          buildCourse({
            coverImageUrl: '/api/media/abc',
            coverImageAlt: 'A heart drawn in chalk',
            paidExams: [{ _id: 'exam-2', title: 'Pharmacology' }],
            units: [
              // Sent out of order: the page follows `position`.
              checkpointUnit('u3', 2),
              articleUnit('u1', 0, { title: 'Heart anatomy' }),
              practiceUnit('u2', 1, {
                examId: 'exam-2',
                examTitle: 'Pharmacology',
                requiresSubscription: true,
              }),
            ],
          }),
        ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cardiology in 3 steps' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A heart drawn in chalk' })).toBeTruthy();
    expect(screen.getByText('Medical')).toBeTruthy();
    expect(screen.getByText('3 units')).toBeTruthy();
    expect(screen.getByText('Subscription: Pharmacology')).toBeTruthy();
    expect(screen.getByText('Read, practise and check what you know about the heart.')).toBeTruthy();

    const units = within(screen.getByRole('region', { name: 'Units' })).getAllByRole('listitem');
    expect(units.map((unit) => within(unit).getByRole('heading').textContent)).toEqual([
      'Heart anatomy',
      'Practice unit u2',
      'Checkpoint unit u3',
    ]);
    const [article, practice, checkpoint] = units as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(article).getByText('Unit 1 · Article')).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Read' }).getAttribute('href')).toBe(
      '/articles/article-u1?course=c1&unit=u2',
    );
    expect(within(article).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(within(practice).getByText('Unit 2 · Practice set')).toBeTruthy();
    expect(within(practice).getByText('10 questions · Tutor mode')).toBeTruthy();
    expect(within(practice).getByText('Topics: Heart failure, Arrhythmia')).toBeTruthy();
    expect(
      within(practice)
        .getByRole('link', { name: 'Subscribe to Pharmacology to unlock' })
        .getAttribute('href'),
    ).toBe('/exams/exam-2');
    expect(within(practice).queryByRole('button')).toBeNull();
    expect(within(checkpoint).getByText('Unit 3 · Checkpoint')).toBeTruthy();
    expect(within(checkpoint).getByText('Pass mark 70%')).toBeTruthy();
    expect(within(checkpoint).queryByText(/to unlock/)).toBeNull();

    // A visitor is asked to log in (and comes back here), and nothing of theirs is asked for.
    expect(screen.getByRole('link', { name: 'Log in to enrol' }).getAttribute('href')).toBe('/login');
    for (const unit of units) expect(statusOf(unit)).toBeUndefined();
    expect(requests.some((r) => r.path === '/api/courses/c1/progress')).toBe(false);
  });

  it("focuses the unit an article's 'Test yourself on this' links to", async () => {
    render({}, '/courses/c1#unit-u2');
    const heading = await screen.findByRole('heading', { name: 'Practice unit u2' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('sends a visitor to the login page with this course as the way back', async () => {
    const { user, router } = render();
    await user.click(await screen.findByRole('link', { name: 'Log in to enrol' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/courses/c1' } });
  });

  it("says 'Course not found' for a course that is not published", async () => {
    render({ 'GET /api/courses/c1': () => json({ message: 'Course not found' }, 404) });
    expect(await screen.findByText('Course not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Courses' }).getAttribute('href')).toBe('/courses');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('enrols a signed-in learner, then shows their progress with Continue', async () => {
    signIn();
    let progress: CourseProgress = buildProgress({ enrolled: false, enrolledAt: null });
    const { user, requests } = render({
      'GET /api/courses/c1/progress': () => json(progress),
      'POST /api/courses/c1/enrol': () => {
        progress = buildProgress();
        return json(progress);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Enrol' }));
    const note = await screen.findByText('Enrolled on March 2, 2025');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(posts(requests)).toEqual(['/api/courses/c1/enrol']);
    expect(screen.queryByRole('button', { name: 'Enrol' })).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('0 of 3 units complete');
    // The first unit is an article: Continue opens it.
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/articles/article-u1?course=c1&unit=u2',
    );
    // The course has question units: its topics' figures are a link away.
    expect(screen.getByRole('link', { name: 'Your figures on its topics' }).getAttribute('href')).toBe(
      '/analytics?course=c1',
    );
    for (const title of ['Article unit u1', 'Practice unit u2', 'Checkpoint unit u3']) {
      expect(statusOf(await unitItem(title))).toBe('Not started');
    }
  });

  it('shows each unit’s status, with the score where there is one', async () => {
    signIn();
    const units = [
      articleUnit('u1', 0),
      articleUnit('u2', 1),
      practiceUnit('u3', 2),
      practiceUnit('u4', 3),
      checkpointUnit('u5', 4),
      checkpointUnit('u6', 5),
    ];
    render({
      'GET /api/courses/c1': () => json(buildCourse({ units })),
      'GET /api/courses/c1/progress': () =>
        json(
          buildProgress({
            completedUnits: 3,
            nextUnitId: 'u1',
            units: [
              unitProgress('u1'),
              unitProgress('u2', { status: 'read', completedAt: '2025-03-03T10:00:00.000Z' }),
              unitProgress('u3', { status: 'in-progress', openAttemptId: 'attempt-3' }),
              unitProgress('u4', { status: 'done', score: 80, resultId: 'result-4' }),
              unitProgress('u5', { status: 'passed', score: 85, resultId: 'result-5' }),
              unitProgress('u6', { status: 'failed', score: 55, resultId: 'result-6' }),
            ],
          }),
        ),
    });
    const expected: [string, string][] = [
      ['Article unit u1', 'Not started'],
      ['Article unit u2', 'Read'],
      ['Practice unit u3', 'In progress'],
      ['Practice unit u4', 'Done · 80%'],
      ['Checkpoint unit u5', 'Passed · 85%'],
      ['Checkpoint unit u6', 'Not passed yet · 55%'],
    ];
    for (const [title, status] of expected) {
      const item = await unitItem(title);
      await waitFor(() => expect(statusOf(item)).toBe(status));
    }
    expect(screen.getByRole('progressbar', { name: 'Your progress' }).getAttribute('aria-valuetext')).toBe(
      '3 of 6 units complete',
    );

    const read = await unitItem('Article unit u2');
    expect(within(read).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(within(await unitItem('Practice unit u3')).getByRole('button', { name: 'Resume' })).toBeTruthy();
    const done = await unitItem('Practice unit u4');
    expect(within(done).getByRole('button', { name: 'Practise again' })).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Review result' }).getAttribute('href')).toBe(
      '/exams/results/result-4',
    );
    const passed = await unitItem('Checkpoint unit u5');
    expect(within(passed).queryByRole('button', { name: 'Start checkpoint' })).toBeNull();
    expect(within(passed).getByRole('link', { name: 'Review result' }).getAttribute('href')).toBe(
      '/exams/results/result-5',
    );
    const failed = await unitItem('Checkpoint unit u6');
    expect(within(failed).getByRole('button', { name: 'Start checkpoint' })).toBeTruthy();
  });

  it('marks an article read and shows Read, with focus on the new status', async () => {
    signIn();
    const { user, requests } = render({
      'GET /api/courses/c1/progress': () => json(buildProgress()),
      'POST /api/courses/c1/units/u1/read': () =>
        json(
          buildProgress({
            completedUnits: 1,
            nextUnitId: 'u2',
            units: [
              unitProgress('u1', { status: 'read', completedAt: '2025-03-03T10:00:00.000Z' }),
              unitProgress('u2'),
              unitProgress('u3'),
            ],
          }),
        ),
    });
    const article = await unitItem('Article unit u1');
    await user.click(await within(article).findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(statusOf(article)).toBe('Read'));
    expect(within(article).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Status: Read'));
    expect(posts(requests)).toEqual(['/api/courses/c1/units/u1/read']);
    expect(screen.getByRole('progressbar', { name: 'Your progress' }).getAttribute('aria-valuetext')).toBe(
      '1 of 3 units complete',
    );
  });

  it('starts a practice unit and goes to its practice set', async () => {
    signIn();
    const started: StartUnitResponse = { kind: 'practice', attemptId: 'attempt-9' };
    const { user, requests, router } = render({
      'GET /api/courses/c1/progress': () => json(buildProgress()),
      'POST /api/courses/c1/units/u2/start': () => json(started),
    });
    const practice = await unitItem('Practice unit u2');
    await user.click(await within(practice).findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/attempt-9'));
    expect(posts(requests)).toEqual(['/api/courses/c1/units/u2/start']);
  });

  it('starts a checkpoint in exam mode on the exam page', async () => {
    signIn();
    const started: StartUnitResponse = { kind: 'checkpoint', examId: 'exam-1' };
    const { user, router } = render({
      'GET /api/courses/c1/progress': () => json(buildProgress()),
      'POST /api/courses/c1/units/u3/start': () => json(started),
    });
    const checkpoint = await unitItem('Checkpoint unit u3');
    await user.click(await within(checkpoint).findByRole('button', { name: 'Start checkpoint' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams/exam-1/take'));
    expect(router.state.location.search).toBe('');
  });

  it('continues with the next unfinished unit: a practice set is started', async () => {
    signIn();
    const started: StartUnitResponse = { kind: 'practice', attemptId: 'attempt-2' };
    const { user, requests, router } = render({
      'GET /api/courses/c1/progress': () =>
        json(
          buildProgress({
            completedUnits: 1,
            nextUnitId: 'u2',
            units: [unitProgress('u1', { status: 'read' }), unitProgress('u2'), unitProgress('u3')],
          }),
        ),
      'POST /api/courses/c1/units/u2/start': () => json(started),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/attempt-2'));
    expect(posts(requests)).toEqual(['/api/courses/c1/units/u2/start']);
  });

  it("shows the server's refusal under the unit that could not start", async () => {
    signIn();
    const { user, router } = render({
      'GET /api/courses/c1/progress': () => json(buildProgress()),
      'POST /api/courses/c1/units/u2/start': () =>
        json({ message: 'Finish or discard your practice set in progress first' }, 409),
    });
    const practice = await unitItem('Practice unit u2');
    await user.click(await within(practice).findByRole('button', { name: 'Start' }));
    expect((await within(practice).findByRole('alert')).textContent).toContain(
      'Finish or discard your practice set in progress first',
    );
    expect(within(await unitItem('Checkpoint unit u3')).queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/courses/c1');
  });

  it('says how to unlock a locked unit and offers nothing to start there', async () => {
    signIn();
    render({
      'GET /api/courses/c1': () =>
        json(
          buildCourse({
            paidExams: [{ _id: 'exam-2', title: 'Pharmacology' }],
            units: [
              articleUnit('u1', 0),
              practiceUnit('u2', 1, {
                examId: 'exam-2',
                examTitle: 'Pharmacology',
                requiresSubscription: true,
              }),
              checkpointUnit('u3', 2),
            ],
          }),
        ),
      'GET /api/courses/c1/progress': () =>
        json(
          buildProgress({
            units: [unitProgress('u1'), unitProgress('u2', { locked: true }), unitProgress('u3')],
          }),
        ),
    });
    const practice = await unitItem('Practice unit u2');
    const link = await within(practice).findByRole('link', { name: 'Subscribe to Pharmacology to unlock' });
    expect(link.getAttribute('href')).toBe('/exams/exam-2');
    expect(within(practice).queryByRole('button')).toBeNull();
    expect(
      within(await unitItem('Checkpoint unit u3')).getByRole('button', { name: 'Start checkpoint' }),
    ).toBeTruthy();
  });

  it("shows a complete course as 'Course complete' with its date and the certificate", async () => {
    signIn();
    render({
      'GET /api/courses/c1/progress': () =>
        json(
          buildProgress({
            completedAt: new Date(2025, 2, 9, 12).toISOString(),
            completedUnits: 3,
            nextUnitId: null,
            units: [
              unitProgress('u1', { status: 'read' }),
              unitProgress('u2', { status: 'done', score: 90, resultId: 'result-2' }),
              unitProgress('u3', { status: 'passed', score: 75, resultId: 'result-3' }),
            ],
          }),
        ),
    });
    expect(await screen.findByText('Course complete')).toBeTruthy();
    expect(screen.getByText('Completed on March 9, 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View certificate' }).getAttribute('href')).toBe(
      '/courses/c1/certificate',
    );
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Your progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
  });
});

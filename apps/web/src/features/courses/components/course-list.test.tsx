import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseListItem, CoursesResponse, EnrolledCoursesResponse } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { buildCourseListItem, buildEnrolledCourse } from '../course-fixtures.ts';
import { CourseList } from './course-list.tsx';

const page = (courses: CourseListItem[]): CoursesResponse => ({
  courses,
  total: courses.length,
  page: 1,
  pages: 1,
});

const twoCourses = [
  buildCourseListItem({
    coverImageUrl: '/api/media/abc',
    coverImageAlt: 'A heart drawn in chalk',
    summary: 's'.repeat(400),
  }),
  buildCourseListItem({
    _id: 'c2',
    title: 'Prescribing safely',
    category: 'pharmacy',
    unitCount: 1,
    paidExams: [
      { _id: 'e2', title: 'Pharmacology' },
      { _id: 'e3', title: 'Therapeutics' },
    ],
  }),
];

function render(
  handlers: Record<string, (request: RecordedRequest) => Response> = {},
  url = '/courses',
): { requests: RecordedRequest[]; user: ReturnType<typeof userEvent.setup> } & ReturnType<typeof renderPage> {
  const requests = stubFetch({
    'GET /api/courses': (request) =>
      json(page(new URLSearchParams(request.search).get('search') ? [] : twoCourses)),
    ...handlers,
  });
  return { requests, user: userEvent.setup(), ...renderPage(<CourseList />, { url, path: '/courses' }) };
}

const listCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/courses').map((r) => r.search);

describe('CourseList', () => {
  it('shows each course: cover with its alt text, title, summary, units, category and what it costs', async () => {
    const { requests } = render();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('heading', { name: 'Cardiology in 3 steps' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'A heart drawn in chalk' }).getAttribute('src')).toBe(
      '/api/media/abc',
    );
    expect(within(first).getByText('s'.repeat(400))).toBeTruthy();
    expect(within(first).getByText('3 units')).toBeTruthy();
    expect(within(first).getByText('Medical')).toBeTruthy();
    expect(within(first).getByText('Free')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View course' }).getAttribute('href')).toBe('/courses/c1');

    expect(within(second).queryByRole('img')).toBeNull();
    expect(within(second).getByText('1 unit')).toBeTruthy();
    expect(within(second).getByText('Subscription: Pharmacology, Therapeutics')).toBeTruthy();
    expect(within(second).queryByText('Free')).toBeNull();

    const chips = within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['All', 'Medical', 'Nursing', 'Pharmacy', 'Other']);
    expect(chips[0]?.getAttribute('aria-pressed')).toBe('true');

    // A visitor has no courses of their own: no section, no call for them.
    expect(screen.queryByRole('region', { name: 'Your courses' })).toBeNull();
    expect(requests.some((r) => r.path === '/api/courses/enrolled')).toBe(false);
    expect(listCalls(requests)).toEqual(['']);
  });

  it('filters by category in the URL and the query', async () => {
    const { user, requests, router } = render();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Nursing' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe('?category=nursing'));
    expect(router.state.location.search).toBe('?category=nursing');
    expect(screen.getByRole('button', { name: 'Nursing' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches on the server and says when nothing matches', async () => {
    const { user, requests } = render();
    await screen.findAllByRole('article');
    const box = screen.getByRole('searchbox', { name: 'Search courses' });
    await user.type(box, 'sepsis{Enter}');
    expect(await screen.findByText('No courses match your search.')).toBeTruthy();
    expect(listCalls(requests).at(-1)).toBe('?search=sepsis');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("says 'No courses yet.' when there are none", async () => {
    render({ 'GET /api/courses': () => json(page([])) });
    expect(await screen.findByText('No courses yet.')).toBeTruthy();
  });

  it("shows 'Error fetching courses' with a 'Try again' that loads the list again", async () => {
    let fail = true;
    const { requests } = render({
      'GET /api/courses': () => (fail ? new Response(null, { status: 500 }) : json(page(twoCourses))),
    });
    expect(await screen.findByText('Error fetching courses')).toBeTruthy();
    expect(screen.queryByText('No courses yet.')).toBeNull();
    fail = false;
    await expectTryAgainRefetches(requests, '/api/courses');
    expect(await screen.findByRole('heading', { name: 'Prescribing safely' })).toBeTruthy();
  });

  it("puts a signed-in learner's courses first, each with its progress and 'Continue'", async () => {
    window.localStorage.setItem('token', 'learner-token');
    const enrolled: EnrolledCoursesResponse = {
      courses: [
        buildEnrolledCourse(),
        buildEnrolledCourse({
          course: buildCourseListItem({ _id: 'c2', title: 'Prescribing safely' }),
          completedUnits: 2,
          totalUnits: 2,
          completedAt: new Date(2025, 2, 9, 12).toISOString(),
          nextUnitId: null,
        }),
      ],
    };
    render({ 'GET /api/courses/enrolled': () => json(enrolled) });
    const section = await screen.findByRole('region', { name: 'Your courses' });

    const bar = within(section).getByRole('progressbar', { name: 'Cardiology in 3 steps' });
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 5 units complete');
    expect(within(section).getByText('3 of 5 units complete')).toBeTruthy();
    const [first, second] = within(section).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/courses/c1');

    expect(within(second).getByText('Course complete · March 9, 2025')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'View course' }).getAttribute('href')).toBe(
      '/courses/c2',
    );

    // The section comes before the list.
    const list = await screen.findByRole('region', { name: 'Course list' });
    expect(section.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves the section out for a learner enrolled in nothing', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const { requests } = render({ 'GET /api/courses/enrolled': () => json({ courses: [] }) });
    await screen.findAllByRole('article');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/courses/enrolled')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Your courses' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

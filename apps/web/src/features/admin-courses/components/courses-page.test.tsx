import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../test/admin-session.ts';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { expectListLoadErrorThenRetry } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { buildCourseRow, COURSE_ID } from '../course-fixtures.ts';
import { CoursesPage } from './courses-page.tsx';

const page = (courses = [buildCourseRow()]) => ({ courses, page: 1, pages: 1, total: courses.length });

describe('CoursesPage', () => {
  it('lists the courses with their category, status, units, enrolments, completions and date', async () => {
    signInAdmin();
    const requests = stubFetch({ 'GET /api/admin/courses': () => json(page()) });
    renderPage(<CoursesPage />, { url: '/admin/courses' });

    expect(screen.getByRole('heading', { name: 'Courses', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Course' }).getAttribute('href')).toBe(
      '/admin/courses/create',
    );
    await screen.findByText('Sepsis pathway');
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Category', 'Status', 'Units', 'Enrolled', 'Completed', 'Updated', 'Actions']);
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['Sepsis pathway', 'Nursing', 'Published', '3', '12', '4']);
    expect(within(table).getByRole('link', { name: 'Edit course Sepsis pathway' }).getAttribute('href')).toBe(
      `/admin/courses/${COURSE_ID}/edit`,
    );
    expect(requests[0]?.search).toBe('?page=1&limit=10');
  });

  it("says 'No courses yet.' when there are none, and what a search did not find", async () => {
    signInAdmin();
    const requests = stubFetch({ 'GET /api/admin/courses': () => json(page([])) });
    renderPage(<CoursesPage />, { url: '/admin/courses' });
    expect(await screen.findByText('No courses yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'cardiac');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No courses found matching "cardiac"')).toBeTruthy();
    expect(requests.at(-1)?.search).toBe('?page=1&keyword=cardiac&limit=10');
  });

  it('asks before deleting, deletes, shows the server message and reloads the list', async () => {
    signInAdmin();
    let courses = [buildCourseRow()];
    const requests = stubFetch({
      'GET /api/admin/courses': () => json(page(courses)),
      [`DELETE /api/admin/courses/${COURSE_ID}`]: () => {
        courses = [];
        return json({ message: 'Course deleted' });
      },
    });
    renderPage(<CoursesPage />, { url: '/admin/courses' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete course Sepsis pathway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    expect(within(dialog).getByText('Delete this course? Learners lose their progress in it.')).toBeTruthy();
    expect(within(dialog).getByText('Sepsis pathway')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Course deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Course' })).toBeNull());
    expect(await screen.findByText('No courses yet.')).toBeTruthy();
    const removal = requests.find((request) => request.method === 'DELETE');
    expect(removal?.path).toBe(`/api/admin/courses/${COURSE_ID}`);
    expect(removal?.headers.get('Authorization')).toBe('Admin admin-token');
  });

  it('keeps a refused deletion in the dialog with the server message', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/courses': () => json(page()),
      [`DELETE /api/admin/courses/${COURSE_ID}`]: () => json({ message: 'Course not found' }, 404),
    });
    renderPage(<CoursesPage />, { url: '/admin/courses' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete course Sepsis pathway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Course not found')).toBeTruthy();
  });
});

describe('the course list when it fails to load (decision 0024)', () => {
  it("shows the error and 'Try again', never an empty list; a retry loads it", () =>
    expectListLoadErrorThenRetry({
      page: <CoursesPage />,
      url: '/admin/courses',
      path: '/api/admin/courses',
      fallback: 'Error fetching courses',
      empty: /No courses/,
      loaded: page(),
      row: 'Sepsis pathway',
    }));
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCourse, CourseBody } from '@mlp/contract';
import { reloadIsGuarded, signInAdmin } from '../../../test/admin-session.ts';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { description } from '../../../test/queries.ts';
import { renderPage } from '../../../test/render.tsx';
import { DISCARD_CHANGES_TITLE } from '../../../components/dialogs/unsaved-changes-guard.tsx';
import {
  ARTICLE_ID,
  ARTICLES,
  buildCourse,
  buildUnit,
  CHECKPOINT_EXAM_ID,
  COURSE_ID,
  COVER_HASH,
  EXAM_ID,
  EXAMS,
  UNIT_IDS,
  unitBody,
} from '../course-fixtures.ts';
import { CourseForm, EditCoursePage } from './course-form.tsx';

type User = ReturnType<typeof userEvent.setup>;

const unitGroup = (name: string) => screen.getByRole('group', { name });
const unitHeadings = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');

async function chooseOption(user: User, combobox: HTMLElement, option: string | RegExp) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function addUnit(user: User, kind: 'Article' | 'Practice set' | 'Checkpoint') {
  await user.click(screen.getByRole('button', { name: 'Add unit' }));
  await user.click(await screen.findByRole('menuitem', { name: kind }));
}

/** Types into an autocomplete and picks one of the options it offers (`whenTyped`: wait for a search). */
async function pick(
  user: User,
  group: HTMLElement,
  label: string,
  typed: string,
  option: RegExp,
  whenTyped?: () => Promise<unknown>,
) {
  const box = within(group).getByRole('combobox', { name: new RegExp(`^${label}`) });
  await user.click(box);
  await user.type(box, typed);
  await whenTyped?.();
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Waits until the article picker has searched for `keyword`. */
const searchedFor = (requests: RecordedRequest[], keyword: string) => () =>
  waitFor(() =>
    expect(
      requests.some(
        (request) => request.path === '/api/admin/articles' && request.search.includes(`keyword=${keyword}`),
      ),
    ).toBe(true),
  );

function stubCourseApi(extra: Parameters<typeof stubFetch>[0] = {}): RecordedRequest[] {
  return stubFetch({
    'GET /api/admin/exams': () => json(EXAMS),
    'GET /api/admin/articles': () => json(ARTICLES),
    ...extra,
  });
}

const bodyOf = (requests: RecordedRequest[], method: string) =>
  requests
    .filter((request) => request.method === method && request.path.startsWith('/api/admin/courses'))
    .at(-1)?.body as CourseBody | undefined;

describe('CourseForm: checks before sending', () => {
  it("shows the contract's messages under their fields, checks again as they change, and sends nothing", async () => {
    signInAdmin();
    const requests = stubCourseApi();
    renderPage(<CourseForm />, { url: '/admin/courses/create' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    const title = screen.getByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(description(title)).toContain('Please fill in all required fields');
    expect(document.activeElement).toBe(title);
    expect(screen.getByText('Category must be medical, nursing, pharmacy or other')).toBeTruthy();

    await user.type(title, 'Sepsis pathway');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('false'));
    expect(description(title)).toBe('14/200');
    expect(screen.getByText('Category must be medical, nursing, pharmacy or other')).toBeTruthy();
    await chooseOption(user, screen.getByRole('combobox', { name: /^Category/ }), 'Pharmacy');
    await waitFor(() =>
      expect(screen.queryByText('Category must be medical, nursing, pharmacy or other')).toBeNull(),
    );

    await addUnit(user, 'Practice set');
    const unit = unitGroup('Unit 1: Practice set');
    const size = within(unit).getByRole('spinbutton', { name: /^Questions/ });
    await user.clear(size);
    await user.type(size, '3');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await within(unit).findByText('Choose an exam')).toBeTruthy();
    expect(within(unit).getByText('A practice set has 5 to 100 questions')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(unit).getByRole('combobox', { name: /^Exam/ })),
    );

    await user.clear(size);
    await user.type(size, '25');
    await waitFor(() => expect(within(unit).queryByText('A practice set has 5 to 100 questions')).toBeNull());
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('CourseForm: creating a course', () => {
  it('adds an article, a practice set and a checkpoint, sends them in order, then goes to the list', async () => {
    signInAdmin();
    const requests = stubCourseApi({
      'POST /api/admin/courses': () => json({ message: 'Course created', course: buildCourse() }, 201),
    });
    renderPage(<CourseForm />, { url: '/admin/courses/create' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Sepsis pathway');
    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), 'The first hour');
    await chooseOption(user, screen.getByRole('combobox', { name: /^Category/ }), 'Nursing');
    expect(screen.getByText('Learners see a course once it is published.')).toBeTruthy();

    await addUnit(user, 'Article');
    const article = unitGroup('Unit 1: Article');
    // The new unit's first field takes the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(article).getByRole('combobox', { name: /^Article/ })),
    );
    await pick(user, article, 'Article', 'seps', /^Sepsis six/, searchedFor(requests, 'seps'));

    await addUnit(user, 'Practice set');
    const practice = unitGroup('Unit 2: Practice set');
    await pick(user, practice, 'Exam', 'adv', /^Advanced Life Support/);
    await chooseOption(user, within(practice).getByRole('combobox', { name: /^Topics/ }), 'Cardiology');
    await user.keyboard('{Escape}');
    expect(within(practice).getByRole('combobox', { name: /^Topics/ }).textContent).toBe('Cardiology');
    const size = within(practice).getByRole('spinbutton', { name: /^Questions/ });
    expect((size as HTMLInputElement).value).toBe('20');
    await user.clear(size);
    await user.type(size, '30');
    await chooseOption(user, within(practice).getByRole('combobox', { name: /^Mode/ }), 'Timed');

    await addUnit(user, 'Checkpoint');
    const checkpoint = unitGroup('Unit 3: Checkpoint');
    await pick(user, checkpoint, 'Exam', 'pharm', /^Pharmacology Final/);
    const passMark = within(checkpoint).getByRole('spinbutton', { name: /^Pass mark/ });
    expect((passMark as HTMLInputElement).value).toBe('70');
    await user.clear(passMark);
    await user.type(passMark, '80');
    await user.type(within(checkpoint).getByRole('textbox', { name: /^Unit title/ }), 'Final check');

    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Course created')).toBeTruthy();
    expect(bodyOf(requests, 'POST')).toEqual({
      title: 'Sepsis pathway',
      summary: 'The first hour',
      category: 'nursing',
      coverImage: null,
      coverImageAlt: '',
      status: 'draft',
      units: [
        unitBody({ kind: 'article', articleId: ARTICLE_ID }),
        unitBody({ kind: 'practice', examId: EXAM_ID, topics: ['Cardiology'], size: 30, mode: 'timed' }),
        unitBody({ kind: 'checkpoint', title: 'Final check', examId: CHECKPOINT_EXAM_ID, passMark: 80 }),
      ],
    });
    expect(reloadIsGuarded()).toBe(false);
    // As the article editor: the list follows after 1.5 s, without asking about unsaved changes.
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/courses');
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TITLE })).toBeNull();
  });

  it("shows the server's refusal above the fields and keeps the form", async () => {
    signInAdmin();
    stubCourseApi({
      'POST /api/admin/courses': () => json({ message: 'Unit 1: the article is a draft' }, 400),
    });
    renderPage(<CourseForm />, { url: '/admin/courses/create' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Sepsis pathway');
    await chooseOption(user, screen.getByRole('combobox', { name: /^Category/ }), 'Medical');
    await addUnit(user, 'Article');
    const article = unitGroup('Unit 1: Article');
    await pick(user, article, 'Article', 'flu', /^Fluids in sepsis/);
    expect(within(article).getByText(/This article is a draft/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unit 1: the article is a draft');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Title/ }).value).toBe('Sepsis pathway');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(reloadIsGuarded()).toBe(true);
  });
});

describe('EditCoursePage', () => {
  function renderEdit(extra: Parameters<typeof stubFetch>[0] = {}) {
    signInAdmin();
    const requests = stubCourseApi({
      [`GET /api/admin/courses/${COURSE_ID}`]: () => json(buildCourse()),
      ...extra,
    });
    renderPage(<EditCoursePage courseId={COURSE_ID} />, { url: `/admin/courses/${COURSE_ID}/edit` });
    return requests;
  }

  it('loads the course into the form, each unit with its own fields', async () => {
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Edit Course', level: 1 })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Title/ }).value).toBe('Sepsis pathway');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Summary/ }).value).toBe(
      'From recognition to the first hour',
    );
    expect(screen.getByRole('combobox', { name: /^Category/ }).textContent).toBe('Nursing');
    expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toBe('Published');
    expect(screen.getByRole('img', { name: 'A drip stand' }).getAttribute('src')).toBe(
      `/api/media/${COVER_HASH}`,
    );
    expect(unitHeadings()).toEqual(['Unit 1: Article', 'Unit 2: Practice set', 'Unit 3: Checkpoint']);

    const article = unitGroup('Unit 1: Article');
    expect(within(article).getByRole<HTMLInputElement>('combobox', { name: /^Article/ }).value).toBe(
      'Sepsis six',
    );
    // The article's own title is not an override.
    expect(within(article).getByRole<HTMLInputElement>('textbox', { name: /^Unit title/ }).value).toBe('');

    const practice = unitGroup('Unit 2: Practice set');
    expect(within(practice).getByRole<HTMLInputElement>('textbox', { name: /^Unit title/ }).value).toBe(
      'Warm-up',
    );
    await waitFor(() =>
      expect(within(practice).getByRole<HTMLInputElement>('combobox', { name: /^Exam/ }).value).toBe(
        'Advanced Life Support',
      ),
    );
    expect(within(practice).getByRole('combobox', { name: /^Topics/ }).textContent).toBe('Cardiology');
    expect(within(practice).getByRole<HTMLInputElement>('spinbutton', { name: /^Questions/ }).value).toBe(
      '30',
    );
    expect(within(practice).getByRole('combobox', { name: /^Mode/ }).textContent).toBe('Timed');

    const checkpoint = unitGroup('Unit 3: Checkpoint');
    expect(within(checkpoint).getByRole<HTMLInputElement>('combobox', { name: /^Exam/ }).value).toBe(
      'Pharmacology Final',
    );
    expect(within(checkpoint).getByRole<HTMLInputElement>('spinbutton', { name: /^Pass mark/ }).value).toBe(
      '80',
    );
    expect(within(checkpoint).getByRole<HTMLInputElement>('textbox', { name: /^Unit title/ }).value).toBe('');
    expect(reloadIsGuarded()).toBe(false);
  });

  it('saves the units in their new order with their ids, and stays with the server message', async () => {
    const requests = renderEdit({
      [`PUT /api/admin/courses/${COURSE_ID}`]: () =>
        json({ message: 'Course updated', course: buildCourse() }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Edit Course', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Move unit 3 up' }));
    expect(unitHeadings()).toEqual(['Unit 1: Article', 'Unit 2: Checkpoint', 'Unit 3: Practice set']);
    // The moved unit keeps the focus, on its own button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move unit 2 up' }));
    expect(reloadIsGuarded()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Course updated')).toBeTruthy();
    expect(bodyOf(requests, 'PUT')).toEqual({
      title: 'Sepsis pathway',
      summary: 'From recognition to the first hour',
      category: 'nursing',
      coverImage: COVER_HASH,
      coverImageAlt: 'A drip stand',
      status: 'published',
      units: [
        unitBody({ _id: UNIT_IDS[0], kind: 'article', articleId: ARTICLE_ID }),
        unitBody({ _id: UNIT_IDS[2], kind: 'checkpoint', examId: CHECKPOINT_EXAM_ID, passMark: 80 }),
        unitBody({
          _id: UNIT_IDS[1],
          kind: 'practice',
          title: 'Warm-up',
          examId: EXAM_ID,
          topics: ['Cardiology'],
          size: 30,
          mode: 'timed',
        }),
      ],
    });
    // Editing stays on the page, with nothing left unsaved.
    expect(screen.getByRole('heading', { name: 'Edit Course', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(reloadIsGuarded()).toBe(false);
  });

  it('gives a new unit the id the server answered, so saving again keeps it', async () => {
    const saved: AdminCourse = buildCourse({
      units: [
        ...buildCourse().units,
        buildUnit({
          _id: UNIT_IDS[3],
          position: 3,
          kind: 'checkpoint',
          examId: EXAM_ID,
          examTitle: 'Advanced Life Support',
          title: 'Advanced Life Support',
          passMark: 70,
        }),
      ],
    });
    const requests = renderEdit({
      [`PUT /api/admin/courses/${COURSE_ID}`]: () => json({ message: 'Course updated', course: saved }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Edit Course', level: 1 });

    await addUnit(user, 'Checkpoint');
    await pick(user, unitGroup('Unit 4: Checkpoint'), 'Exam', 'adv', /^Advanced Life Support/);
    await user.click(screen.getByRole('button', { name: 'Update Course' }));
    expect(await screen.findByText('Course updated')).toBeTruthy();
    expect(bodyOf(requests, 'PUT')?.units?.map((unit) => unit._id)).toEqual([
      UNIT_IDS[0],
      UNIT_IDS[1],
      UNIT_IDS[2],
      undefined,
    ]);

    await user.type(screen.getByRole('textbox', { name: /^Summary/ }), '.');
    await user.click(screen.getByRole('button', { name: 'Update Course' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(2));
    expect(bodyOf(requests, 'PUT')?.units?.map((unit) => unit._id)).toEqual(UNIT_IDS);
  });

  it('asks before leaving once a unit was removed', async () => {
    renderEdit();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Edit Course', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Remove unit 2' }));
    expect(unitHeadings()).toEqual(['Unit 1: Article', 'Unit 2: Checkpoint']);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TITLE })).toBeTruthy();
  });

  it('says why the course could not be loaded, with a way back', async () => {
    signInAdmin();
    stubFetch({ [`GET /api/admin/courses/${COURSE_ID}`]: () => json({ message: 'Course not found' }, 404) });
    renderPage(<EditCoursePage courseId={COURSE_ID} />, { url: `/admin/courses/${COURSE_ID}/edit` });
    expect(await screen.findByText('Course not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to courses' }).getAttribute('href')).toBe('/admin/courses');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screen-width.ts';
import { AnalyticsPage } from './analytics-page.tsx';

const trend = (scores: number[]) => ({
  at: scores.map((_, day) => Date.parse(`2026-03-0${day + 1}T10:00:00.000Z`)),
  score: scores,
});

const analytics: Analytics = {
  exams: [
    {
      examId: 'e1',
      title: 'Cardiology',
      sittings: 2,
      questionsSeen: 20,
      answered: 18,
      correct: 9,
      percentCorrect: 50,
      secondsPerQuestion: 75,
      averageScore: 45,
      percentile: null,
      learners: 3,
      trend: trend([40, 50]),
    },
    {
      examId: 'e2',
      title: 'Renal',
      sittings: 1,
      questionsSeen: 10,
      answered: 10,
      correct: 8,
      percentCorrect: 80,
      secondsPerQuestion: 40,
      averageScore: 80,
      percentile: 64,
      learners: 31,
      trend: trend([80]),
    },
  ],
  topics: [
    {
      examId: 'e1',
      examTitle: 'Cardiology',
      topic: 'Valves',
      seen: 10,
      answered: 10,
      correct: 7,
      percentCorrect: 70,
      trend: trend([60, 80]),
    },
    {
      examId: 'e1',
      examTitle: 'Cardiology',
      topic: 'Arrhythmia',
      seen: 10,
      answered: 8,
      correct: 2,
      percentCorrect: 25,
      trend: trend([20, 30]),
    },
  ],
  courses: [],
  review: { due: 0 },
  pendingResults: 0,
  nextStep: {
    kind: 'weak-areas',
    title: 'Improve your weak areas',
    text: 'Practise the questions you missed or flagged in Arrhythmia.',
    topics: ['Arrhythmia'],
  },
};

const topicOf = (
  topic: string,
  examTitle: string,
  seen: number,
  correct: number,
): Analytics['courses'][number]['topics'][number] => ({
  examId: examTitle === 'Cardiology' ? 'e1' : 'e2',
  examTitle,
  topic,
  seen,
  answered: seen,
  correct,
  percentCorrect: seen > 0 ? Math.round((correct / seen) * 100) : null,
});

const courses: Analytics['courses'] = [
  {
    courseId: 'c1',
    title: 'Heart and kidneys',
    topics: [
      topicOf('Valves', 'Cardiology', 10, 7),
      topicOf('Arrhythmia', 'Cardiology', 10, 2),
      topicOf('Acid-base', 'Renal', 0, 0),
    ],
  },
  { courseId: 'c2', title: 'Renal basics', topics: [topicOf('Acid-base', 'Renal', 0, 0)] },
];

/** Where the page scrolled to: the elements `scrollIntoView` was called on (jsdom has no layout). */
let scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});

function rowsOf(table: HTMLElement): Array<string | null> {
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

/** A phone's list of figures: per item its name, then each figure as 'label: value'. */
function itemsOf(list: HTMLElement): string[][] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const terms = within(item).getAllByRole('term');
      const values = within(item).getAllByRole('definition');
      return [
        item.firstElementChild?.textContent ?? '',
        ...terms.map((term, index) => `${term.textContent}: ${values[index]?.textContent}`),
      ];
    });
}

describe('/analytics', () => {
  it("says 'Updating…' while the latest results are being added, and shows them once they are", async () => {
    window.localStorage.setItem('token', 'learner-token');
    let asked = 0;
    stubFetch({
      'GET /api/analytics': () => {
        asked += 1;
        // A result submitted moments ago is not in the figures yet (decision 0075); the next answer has it.
        return json(asked === 1 ? { ...analytics, exams: [], topics: [], pendingResults: 1 } : analytics);
      },
    });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics' });
    expect(
      await screen.findByText('Updating… Your latest results are being added to these figures.'),
    ).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Cardiology' }, { timeout: 6_000 })).toBeTruthy();
    expect(screen.queryByText(/^Updating…/)).toBeNull();
    expect(asked).toBe(2);
  });

  it('on a 375 px phone gives every figure of each exam, topic and course topic as a label and value, with no table', async () => {
    screenWidth(375);
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/analytics': () => json({ ...analytics, courses }) });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics' });

    const byExam = await screen.findByRole('list', { name: 'Figures by exam' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(itemsOf(byExam)).toEqual([
      [
        'Cardiology',
        'Sittings: 2',
        'Questions seen: 20',
        'Omitted: 2',
        '% correct: 50%',
        'Time per question: 1 min 15 s',
        'Average score: 45%',
        'Percentile: Not yet (3 of 20 learners)',
      ],
      [
        'Renal',
        'Sittings: 1',
        'Questions seen: 10',
        'Omitted: 0',
        '% correct: 80%',
        'Time per question: 40 s',
        'Average score: 80%',
        'Percentile: 64th percentile',
      ],
    ]);

    const cardiology = screen.getByRole('region', { name: 'Cardiology' });
    // Weakest first, as in the table.
    expect(itemsOf(within(cardiology).getByRole('list', { name: 'Topics of Cardiology' }))).toEqual([
      ['Arrhythmia', 'Questions seen: 10', 'Correct: 2', 'Incorrect: 6', 'Omitted: 2', '% correct: 25%'],
      ['Valves', 'Questions seen: 10', 'Correct: 7', 'Incorrect: 3', 'Omitted: 0', '% correct: 70%'],
    ]);

    const byCourse = screen.getByRole('region', { name: 'By course' });
    expect(itemsOf(within(byCourse).getByRole('list', { name: 'Topics of Heart and kidneys' }))).toEqual([
      ['ValvesCardiology', 'Questions seen: 10', '% correct: 70%'],
      ['ArrhythmiaCardiology', 'Questions seen: 10', '% correct: 20%'],
      ['Acid-baseRenal', 'Questions seen: 0', '% correct: Not yet'],
    ]);
  });

  it('keeps the figures in tables with headers from 600 px', async () => {
    screenWidth(600);
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/analytics': () => json(analytics) });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics' });

    const byExam = await screen.findByRole('table', { name: 'Figures by exam' });
    expect(within(byExam).getAllByRole('columnheader')).toHaveLength(8);
    expect(within(byExam).getByRole('rowheader', { name: 'Renal' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Figures by exam' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Topics of Cardiology' })).toBeTruthy();
  });

  it("shows an enrolled course's topics with the figures, topics not met yet, and another course on choice", async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/analytics': () => json({ ...analytics, courses }) });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics' });
    const section = await screen.findByRole('region', { name: 'By course' });
    expect(within(section).getByText('2 of 3 topics practised · 45% correct')).toBeTruthy();
    expect(rowsOf(within(section).getByRole('table', { name: 'Topics of Heart and kidneys' }))).toEqual([
      'TopicQuestions seen% correct',
      'ValvesCardiology1070%',
      'ArrhythmiaCardiology1020%',
      'Acid-baseRenal0Not yet',
    ]);
    expect(within(section).getByRole('link', { name: 'Open the course' }).getAttribute('href')).toBe(
      '/courses/c1',
    );
    // Nothing asked for a course: the page stays at the top.
    expect(scrolledTo).toEqual([]);

    const user = userEvent.setup();
    await user.click(within(section).getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Renal basics' }));
    expect(within(section).getByText('None of its 1 topic practised yet.')).toBeTruthy();
    expect(rowsOf(within(section).getByRole('table', { name: 'Topics of Renal basics' }))).toEqual([
      'TopicQuestions seen% correct',
      'Acid-baseRenal0Not yet',
    ]);
    expect(within(section).getByRole('link', { name: 'Open the course' }).getAttribute('href')).toBe(
      '/courses/c2',
    );
  });

  it("opens on the course a course page's link names, scrolled to, even before any result", async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/analytics': () =>
        json({
          ...analytics,
          exams: [],
          topics: [],
          courses,
          nextStep: { ...analytics.nextStep, kind: 'start' },
        }),
    });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics?course=c2' });
    const section = await screen.findByRole('region', { name: 'By course' });
    expect(within(section).getByRole('table', { name: 'Topics of Renal basics' })).toBeTruthy();
    expect(scrolledTo).toEqual([document.getElementById('course-topics')]);
    expect(
      screen.getByText('Your analytics appear here after your first exam or practice set.'),
    ).toBeTruthy();
  });

  it('names the one course in a heading instead of a choice', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/analytics': () => json({ ...analytics, courses: courses.slice(1) }) });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics?course=unknown' });
    const section = await screen.findByRole('region', { name: 'By course' });
    expect(within(section).getByRole('heading', { name: 'Renal basics' })).toBeTruthy();
    expect(within(section).queryByRole('combobox')).toBeNull();
    expect(scrolledTo).toEqual([]);
  });

  it('gives figures by exam and topic as tables, the percentile or why not, and the next step', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/analytics': () => json(analytics) });
    renderPage(<AnalyticsPage startReview={<button type="button">Start review</button>} />, {
      url: '/analytics',
    });

    const byExam = await screen.findByRole('table', { name: 'Figures by exam' });
    expect(
      within(byExam)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ExamSittingsQuestions seenOmitted% correctTime per questionAverage scorePercentile',
      'Cardiology220250%1 min 15 s45%Not yet (3 of 20 learners)',
      'Renal110080%40 s80%64th percentile',
    ]);
    // Omitted is not incorrect (decision 0065): what '% correct' is out of, and the three apart per exam.
    expect(
      screen.getByText(/^% correct is out of every question seen, so an omitted question lowers it/),
    ).toBeTruthy();

    const cardiology = screen.getByRole('region', { name: 'Cardiology' });
    expect(
      within(cardiology).getByText(
        '20 questions seen: 9 correct, 9 incorrect, 2 omitted · 50% correct · 1 min 15 s per question',
      ),
    ).toBeTruthy();
    expect(
      within(cardiology).getByText(
        /Shown once 20 learners have results on this exam \(3 learners have results so far\)/,
      ),
    ).toBeTruthy();
    const topics = within(cardiology).getByRole('table', { name: 'Topics of Cardiology' });
    // Weakest first.
    expect(
      within(topics)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'TopicQuestions seenCorrectIncorrectOmitted% correct',
      'Arrhythmia1026225%',
      'Valves1073070%',
    ]);
    // The topic trend's text alternative: one sentence per topic.
    expect(within(cardiology).getByText(/^Valves: 2 sittings, from 60% on .* to 80% on /)).toBeTruthy();
    const renal = screen.getByRole('region', { name: 'Renal' });
    expect(
      within(renal).getByText('Your average score is higher than 64% of the 31 learners on this exam.'),
    ).toBeTruthy();

    const next = screen.getByRole('region', { name: 'Next step' });
    expect(within(next).getByText('Improve your weak areas')).toBeTruthy();
    expect(
      within(within(next).getByRole('list', { name: 'Weakest topics' })).getByText('Arrhythmia'),
    ).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Build a practice set' }).getAttribute('href')).toBe(
      '/practice',
    );
  });

  it('points a new learner to the exams, with an empty state and no tables', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/analytics': () =>
        json({
          exams: [],
          topics: [],
          courses: [],
          review: { due: 0 },
          pendingResults: 0,
          nextStep: {
            kind: 'start',
            title: 'Take your first exam',
            text: 'Your analytics fill in.',
            topics: [],
          },
        }),
    });
    renderPage(<AnalyticsPage startReview={<button type="button">Start review</button>} />, {
      url: '/analytics',
    });
    expect(
      await screen.findByText('Your analytics appear here after your first exam or practice set.'),
    ).toBeTruthy();
    const next = screen.getByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('link', { name: 'Browse Exams' }).getAttribute('href')).toBe('/exams');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('puts the start-review control in the next step when reviews are due', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/analytics': () =>
        json({
          ...analytics,
          review: { due: 4 },
          nextStep: { kind: 'review', title: 'Review 4 questions due', text: 'They are due.', topics: [] },
        }),
    });
    renderPage(<AnalyticsPage startReview={<button type="button">Start review</button>} />, {
      url: '/analytics',
    });
    const next = await screen.findByRole('region', { name: 'Next step' });
    expect(within(next).getByRole('button', { name: 'Start review' })).toBeTruthy();
    expect(within(next).queryByRole('link', { name: 'Build a practice set' })).toBeNull();
  });

  it('offers Try again when the analytics fail to load', async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({ 'GET /api/analytics': () => json({ message: 'Server error' }, 500) });
    renderPage(<AnalyticsPage startReview={null} />, { url: '/analytics' });
    expect(await screen.findByText('Server error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

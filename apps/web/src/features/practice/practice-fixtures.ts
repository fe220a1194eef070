import type { PracticeOptions } from '@mlp/contract';

/* What the practice builder's tests answer with, typed by the contract. */

type PracticeExam = PracticeOptions['exams'][number];
type TopicFigures = PracticeExam['topics'][number];

/** An exam of the practice options whose every question has a topic: its figures are its topics' sums. */
export function practiceExam(_id: string, title: string, topics: TopicFigures[]): PracticeExam {
  const sum = (figure: keyof Omit<TopicFigures, 'topic'>) =>
    topics.reduce((total, topic) => total + topic[figure], 0);
  return {
    _id,
    title,
    total: sum('total'),
    unused: sum('unused'),
    wrong: sum('wrong'),
    omitted: sum('omitted'),
    flagged: sum('flagged'),
    topics,
  };
}

import { describe, expect, it } from 'vitest';
import type { AdminQuestion } from '@mlp/contract';
import {
  narrowQuestions,
  NO_QUESTION_FILTERS,
  questionTopics,
  type ListedQuestion,
  type QuestionFilters,
  addOption,
  addTag,
  canAddOption,
  canPublish,
  canRemoveOption,
  imageFileProblem,
  newQuestionDraft,
  publishProblem,
  questionsInView,
  questionViewCounts,
  removeOption,
  toQuestionBody,
  validateExamInfo,
  validateQuestionDraft,
  visibleQuestions,
  type QuestionDraft,
} from './exam-rules.ts';

const question = (overrides: Partial<AdminQuestion>): AdminQuestion => ({
  _id: 'q',
  question: 'Q?',
  options: ['a', 'b', 'c', 'd'],
  correctAnswer: 0,
  explanation: '',
  isAIGenerated: false,
  approvalStatus: 'approved',
  rejectionReason: null,
  topic: null,
  ...overrides,
});

describe('publish rule (spec §4)', () => {
  it('shows Publish Exam only with enough questions on an unpublished exam', () => {
    expect(canPublish({ isActive: false, questionCount: 20, numberOfQuestions: 20 })).toBe(true);
    expect(canPublish({ isActive: false, questionCount: 21, numberOfQuestions: 20 })).toBe(true);
    expect(canPublish({ isActive: false, questionCount: 19, numberOfQuestions: 20 })).toBe(false);
    expect(canPublish({ isActive: true, questionCount: 20, numberOfQuestions: 20 })).toBe(false);
  });

  it('refuses on the client with the spec message when there are too few', () => {
    expect(publishProblem({ questionCount: 12, numberOfQuestions: 20 })).toBe(
      'Cannot publish exam. Need 20 questions, but only have 12.',
    );
    expect(publishProblem({ questionCount: 20, numberOfQuestions: 20 })).toBeNull();
  });

  it('drops rejected questions from the list', () => {
    const list = [
      question({ _id: '1' }),
      question({ _id: '2', isAIGenerated: true, approvalStatus: 'rejected', rejectionReason: 'wrong' }),
      question({ _id: '3', isAIGenerated: true, approvalStatus: 'pending' }),
    ];
    expect(visibleQuestions(list).map((q) => q._id)).toEqual(['1', '3']);
  });
});

describe('question views (decision 0024)', () => {
  const list = [
    question({ _id: '1' }),
    question({ _id: '2', isAIGenerated: true, approvalStatus: 'rejected', rejectionReason: 'wrong' }),
    question({ _id: '3', isAIGenerated: true, approvalStatus: 'pending' }),
    question({ _id: '4', isAIGenerated: true, approvalStatus: 'approved' }),
    question({ _id: '5', isAIGenerated: true, approvalStatus: 'rejected', rejectionReason: 'vague' }),
  ];
  const shown = (view: 'current' | 'pending' | 'rejected') =>
    questionsInView(list, view).map(({ question: q, label }) => `${q._id}:${label}`);

  it("defaults to the spec's list: every question but the rejected ones, numbered in order", () => {
    expect(shown('current')).toEqual(['1:Question 1', '3:Question 2', '4:Question 3']);
  });

  it('narrows to pending drafts, which keep their numbers', () => {
    expect(shown('pending')).toEqual(['3:Question 2']);
  });

  it('lists the rejected drafts on their own', () => {
    expect(shown('rejected')).toEqual(['2:Rejected question 1', '5:Rejected question 2']);
  });

  it('counts each view', () => {
    expect(questionViewCounts(list)).toEqual({ current: 3, pending: 1, rejected: 2 });
  });
});

describe('tags (spec §5)', () => {
  it('adds a trimmed tag and ignores empty or duplicate ones', () => {
    expect(addTag([], '  cardiology ')).toEqual(['cardiology']);
    expect(addTag(['cardiology'], '   ')).toEqual(['cardiology']);
    expect(addTag(['cardiology'], 'Cardiology')).toEqual(['cardiology']);
    expect(addTag(['cardiology'], 'ECG')).toEqual(['cardiology', 'ECG']);
  });
});

describe('question options (spec §5: 4 to 6)', () => {
  const withOptions = (count: number, correctAnswer: number | null = 0): QuestionDraft => ({
    ...newQuestionDraft(),
    options: Array.from({ length: count }, (_v, i) => `option ${i + 1}`),
    correctAnswer,
  });

  it('starts with four empty options and no correct answer chosen', () => {
    const draft = newQuestionDraft();
    expect(draft.options).toEqual(['', '', '', '']);
    expect(draft.correctAnswer).toBeNull();
    expect(canRemoveOption(draft)).toBe(false);
  });

  it('adds options up to six, then refuses', () => {
    let draft = withOptions(4);
    draft = addOption(addOption(draft));
    expect(draft.options).toHaveLength(6);
    expect(canAddOption(draft)).toBe(false);
    expect(addOption(draft).options).toHaveLength(6);
  });

  it('never removes below four options', () => {
    const draft = withOptions(4);
    expect(removeOption(draft, 0)).toBe(draft);
  });

  it('keeps the correct answer on the same option when another is removed', () => {
    expect(removeOption(withOptions(5, 3), 1)).toMatchObject({
      options: ['option 1', 'option 3', 'option 4', 'option 5'],
      correctAnswer: 2,
    });
    expect(removeOption(withOptions(5, 1), 3).correctAnswer).toBe(1);
    // Removing the correct option asks for a new choice.
    expect(removeOption(withOptions(5, 2), 2).correctAnswer).toBeNull();
  });

  it('requires the text, every option, distinct options and a chosen answer', () => {
    const errors = validateQuestionDraft({ ...newQuestionDraft(), options: ['a', '', 'c', ''] });
    expect(errors.question).toBe('Question text is required');
    expect(errors.options).toEqual([undefined, 'Option 2 is required', undefined, 'Option 4 is required']);
    expect(errors.correctAnswer).toBe('Choose the correct answer');

    const duplicate = validateQuestionDraft({
      ...withOptions(4, 1),
      question: 'Q',
      options: ['a', 'A ', 'b', 'c'],
    });
    expect(duplicate.form).toBe('Options must all be different');

    const valid: QuestionDraft = { ...withOptions(4, 3), question: ' Q? ', explanation: '' };
    expect(validateQuestionDraft(valid)).toEqual({});
    expect(toQuestionBody(valid)).toEqual({
      question: 'Q?',
      options: ['option 1', 'option 2', 'option 3', 'option 4'],
      correctAnswer: 3,
      explanation: '',
      image: null,
      explanationImage: null,
    });
  });

  it('requires alt text for each image (up to 250 characters) and sends hash and trimmed alt', () => {
    const image = {
      hash: 'a'.repeat(64),
      url: `/api/media/${'a'.repeat(64)}`,
      contentType: 'image/png' as const,
      width: 800,
      height: 600,
      alt: '  ',
    };
    const draft: QuestionDraft = { ...withOptions(4, 0), question: 'Q', image, explanationImage: null };
    expect(validateQuestionDraft(draft)).toEqual({
      image: 'Describe the image for people who cannot see it',
    });
    expect(
      validateQuestionDraft({ ...draft, image: null, explanationImage: { ...image, alt: 'x'.repeat(251) } }),
    ).toEqual({ explanationImage: 'The image description must be at most 250 characters' });
    const described = { ...draft, image: { ...image, alt: ' Chest X-ray ' } };
    expect(validateQuestionDraft(described)).toEqual({});
    expect(toQuestionBody(described)).toMatchObject({
      image: { hash: 'a'.repeat(64), alt: 'Chest X-ray' },
      explanationImage: null,
    });
  });

  it('refuses an empty file or one over 2 MB before uploading it', () => {
    expect(imageFileProblem({ size: 0 })).toBe('The file is empty. Choose an image.');
    expect(imageFileProblem({ size: 2 * 1024 * 1024 + 1 })).toBe(
      'The image is too large: it must be at most 2 MB.',
    );
    expect(imageFileProblem({ size: 2 * 1024 * 1024 })).toBeNull();
  });
});

describe('exam information form (spec §5 Exam edit)', () => {
  const values = {
    title: 'T',
    description: 'D',
    category: 'medical',
    numberOfQuestions: '20',
    price: '4.99',
    isActive: false,
    tags: [],
  };

  it('accepts valid values', () => {
    expect(validateExamInfo(values)).toEqual({});
  });

  it('needs at least one question and a price of 0 or more with at most 2 decimals', () => {
    expect(validateExamInfo({ ...values, numberOfQuestions: '0' }).numberOfQuestions).toBe(
      'Number of questions must be at least 1',
    );
    expect(validateExamInfo({ ...values, price: '-1' }).price).toMatch(/0 or more/);
    expect(validateExamInfo({ ...values, price: '4.999' }).price).toMatch(/at most 2 decimals/);
    expect(validateExamInfo({ ...values, price: '0' }).price).toBeUndefined();
    expect(validateExamInfo({ ...values, description: ' ' }).description).toBe('Description is required');
  });
});

describe('narrowQuestions', () => {
  const q = (id: string, overrides: Partial<AdminQuestion>) =>
    ({
      question: {
        _id: id,
        question: 'What?',
        options: ['a', 'b', 'c', 'd'],
        explanation: '',
        topic: null,
        isAIGenerated: false,
        ...overrides,
      },
      label: id,
    }) as unknown as ListedQuestion;
  const listed = [
    q('1', { topic: 'Renal', question: 'Which diuretic spares potassium?' }),
    q('2', { isAIGenerated: true, explanation: 'Loop diuretics waste potassium' }),
    q('3', { topic: 'Renal', isAIGenerated: true, question: 'Nephron segment?' }),
  ];
  it('narrows by topic (no topic counts as General), by who wrote it and by every word searched', () => {
    const ids = (filters: Partial<QuestionFilters>) =>
      narrowQuestions(listed, { ...NO_QUESTION_FILTERS, ...filters }).map((item) => item.label);
    expect(ids({})).toEqual(['1', '2', '3']);
    expect(ids({ topic: 'General' })).toEqual(['2']);
    expect(ids({ topic: 'Renal', source: 'ai' })).toEqual(['3']);
    expect(ids({ source: 'manual' })).toEqual(['1']);
    expect(ids({ search: '  POTASSIUM diuretic ' })).toEqual(['1', '2']);
    expect(ids({ search: 'potassium spares' })).toEqual(['1']);
  });
  it('lists the topics in use, sorted', () => {
    expect(questionTopics(listed.map((item) => item.question))).toEqual(['General', 'Renal']);
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { questionBody } from './exam-fixtures.ts';
import {
  addOption,
  addTag,
  canAddOption,
  canPublish,
  canRemoveOption,
  createExamFormSchema,
  duplicateSearchLink,
  examInfoFormSchema,
  newQuestionDraft,
  OPTIONS_AS_A_WHOLE,
  publishProblem,
  questionBodyIssues,
  questionDraftIssues,
  questionLabel,
  questionListQuery,
  questionListSearch,
  questionViewCounts,
  readQuestionListState,
  removeOption,
  repeatedOptionsProblem,
  shownRange,
  toQuestionBody,
  validateQuestionDraft,
  type QuestionDraft,
} from './exam-rules.ts';

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
});

describe('question list state (decisions 0024, 0043)', () => {
  const read = (query: string) => readQuestionListState(new URLSearchParams(query));

  it("defaults to the spec's list: Current, no filter, page 1, and a plain URL", () => {
    const state = read('');
    expect(state).toEqual({ view: 'current', filters: { topic: '', author: '', search: '' }, page: 1 });
    expect(questionListSearch(state).toString()).toBe('');
    expect(questionListQuery(state)).toEqual({ status: 'current', page: 1, limit: 25 });
  });

  it('reads a view, filters and a page from the URL and writes them back', () => {
    const state = read('view=pending&topic=Renal&author=ai&search=loop+diuretic&page=3');
    expect(state).toEqual({
      view: 'pending',
      filters: { topic: 'Renal', author: 'ai', search: 'loop diuretic' },
      page: 3,
    });
    expect(questionListSearch(state).toString()).toBe(
      'view=pending&topic=Renal&author=ai&search=loop+diuretic&page=3',
    );
    expect(questionListQuery({ ...state, filters: { ...state.filters, search: '  loop ' } })).toEqual({
      status: 'pending',
      topic: 'Renal',
      author: 'ai',
      search: 'loop',
      page: 3,
      limit: 25,
    });
  });

  it('ignores what it does not know', () => {
    expect(read('view=approved&author=robot&page=-2')).toEqual(read(''));
    expect(read('page=2.5').page).toBe(1);
  });

  it('counts each view from the counts per status: Current is all but the rejected', () => {
    expect(questionViewCounts({ all: 10, pending: 3, approved: 5, rejected: 2 })).toEqual({
      current: 8,
      pending: 3,
      rejected: 2,
    });
  });

  it('labels a question by its number in its list', () => {
    expect(questionLabel({ approvalStatus: 'pending', number: 4 })).toBe('Question 4');
    expect(questionLabel({ approvalStatus: 'rejected', number: 1 })).toBe('Rejected question 1');
  });

  it('says which questions a page shows', () => {
    expect(shownRange(1, 25, 60)).toBe('1–25');
    expect(shownRange(3, 25, 60)).toBe('51–60');
    expect(shownRange(1, 25, 0)).toBeNull();
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
    rationales: Array.from({ length: count }, () => ''),
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
    expect(toQuestionBody(valid)).toEqual(
      questionBody({
        question: 'Q?',
        options: ['option 1', 'option 2', 'option 3', 'option 4'],
        correctAnswer: 3,
      }),
    );
    expect(toQuestionBody({ ...valid, isSample: true }).isSample).toBe(true);
  });

  it('keeps each rationale beside its option, checks objective and references, and drops empty references', () => {
    const draft: QuestionDraft = {
      ...withOptions(5, 2),
      question: 'Q',
      rationales: ['why 1', 'why 2', 'why 3 (key)', 'why 4', 'why 5'],
    };
    const removed = removeOption(draft, 1);
    expect(removed.options).toEqual(['option 1', 'option 3', 'option 4', 'option 5']);
    expect(removed.rationales).toEqual(['why 1', 'why 3 (key)', 'why 4', 'why 5']);
    expect(removed.correctAnswer).toBe(1);
    expect(addOption(removed).rationales).toEqual(['why 1', 'why 3 (key)', 'why 4', 'why 5', '']);

    expect(
      validateQuestionDraft({
        ...draft,
        objective: 'x'.repeat(501),
        rationales: ['x'.repeat(1001), '', '', '', ''],
        references: [
          { title: '', url: 'https://nice.org.uk' },
          { title: 'Bad link', url: 'javascript:alert(1)' },
          { title: '', url: '' },
        ],
      }),
    ).toEqual({
      objective: 'The learning objective must be at most 500 characters',
      rationales: ['A rationale must be at most 1000 characters', undefined, undefined, undefined, undefined],
      references: [
        { title: 'A reference needs a title' },
        { url: 'A reference link must start with http:// or https://' },
        undefined,
      ],
    });
    const body = toQuestionBody({
      ...draft,
      topic: 'Cardiology',
      objective: ' Remember this. ',
      references: [
        { title: ' NICE CG95 ', url: ' https://www.nice.org.uk/guidance/cg95 ' },
        { title: 'BNF', url: '' },
        { title: '', url: '' },
      ],
    });
    expect(body).toMatchObject({
      topic: 'Cardiology',
      objective: 'Remember this.',
      rationales: ['why 1', 'why 2', 'why 3 (key)', 'why 4', 'why 5'],
      references: [
        { title: 'NICE CG95', url: 'https://www.nice.org.uk/guidance/cg95' },
        { title: 'BNF', url: null },
      ],
    });
  });

  it('links a duplicate warning to the bank searched for the first words of the other question', () => {
    expect(
      duplicateSearchLink('e1', 'Which  drug is first line for hypertension in a 45-year-old man?'),
    ).toBe('/admin/exams/e1/edit?search=Which+drug+is+first+line+for+hypertension+in+a+45-year-old');
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
});

describe("the question dialog's field paths", () => {
  it("names each problem's field, and keeps the options' problem as a whole beside them", () => {
    const draft: QuestionDraft = {
      ...newQuestionDraft(),
      question: 'Q',
      options: ['A', 'a ', 'B', 'C'],
      correctAnswer: 1,
    };
    expect(questionDraftIssues(validateQuestionDraft(draft))).toEqual([
      { path: OPTIONS_AS_A_WHOLE, message: 'Options must all be different' },
    ]);
    expect(repeatedOptionsProblem(['A', '', 'A', 'B'])).toBeUndefined();
    const paths = questionDraftIssues(
      validateQuestionDraft({
        ...newQuestionDraft(),
        options: ['A', '', 'C', 'D'],
        references: [{ title: '', url: 'https://example.com' }],
      }),
    ).map((issue) => issue.path);
    expect(paths).toEqual(['question', 'options.1', 'correctAnswer', 'references.0.title']);
  });

  it("adds the contract's limits the draft's own checks leave to it, with its messages", () => {
    const draft: QuestionDraft = {
      ...newQuestionDraft(),
      question: 'Q',
      options: ['A', 'B', 'C', 'D'],
      correctAnswer: 0,
    };
    expect(questionBodyIssues(toQuestionBody(draft))).toEqual([]);
    const long = {
      ...draft,
      question: 'x'.repeat(2001),
      options: ['A', 'B'.repeat(501), 'C', 'D'],
      explanation: 'e'.repeat(4001),
    };
    expect(questionBodyIssues(toQuestionBody(long))).toEqual([
      { path: 'question', message: 'Question text must be at most 2000 characters' },
      { path: 'options.1', message: 'An option must be at most 500 characters' },
      { path: 'explanation', message: 'Explanation must be at most 4000 characters' },
    ]);
  });
});

/** The message the schema gives a field, or undefined when it accepts it. */
function problemOf(schema: z.ZodType, values: object, field: string): string | undefined {
  const checked = schema.safeParse(values);
  return checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('exam information form (spec §5 Exam edit)', () => {
  const values = {
    title: 'T',
    description: 'D',
    category: 'medical',
    numberOfQuestions: '20',
    price: '4.99',
    isActive: false,
    tags: [],
    timedPauseAllowed: false,
  };

  it('accepts valid values, as the body the API takes', () => {
    expect(examInfoFormSchema.parse({ ...values, title: ' T ' })).toEqual({
      ...values,
      numberOfQuestions: 20,
      price: 4.99,
    });
  });

  it('needs at least one question and a price of 0 or more with at most 2 decimals', () => {
    const problem = (changed: Partial<typeof values>) => (field: string) =>
      problemOf(examInfoFormSchema, { ...values, ...changed }, field);
    expect(problem({ numberOfQuestions: '0' })('numberOfQuestions')).toBe(
      'Number of questions must be at least 1',
    );
    expect(problem({ numberOfQuestions: '' })('numberOfQuestions')).toBe('Number of questions is required');
    expect(problem({ numberOfQuestions: '2.5' })('numberOfQuestions')).toBe(
      'Number of questions must be a whole number',
    );
    expect(problem({ numberOfQuestions: '501' })('numberOfQuestions')).toBe(
      'Number of questions must be at most 500',
    );
    expect(problem({ price: '' })('price')).toBe('Price is required');
    expect(problem({ price: '-1' })('price')).toMatch(/0 or more/);
    expect(problem({ price: '4.999' })('price')).toMatch(/at most 2 decimals/);
    expect(problem({ price: '0' })('price')).toBeUndefined();
    expect(problem({ description: ' ' })('description')).toBe('Description is required');
    expect(problem({ category: ' ' })('category')).toBe('Category is required');
    expect(problem({ title: ' ' })('title')).toBe('Exam title is required');
  });
});

describe('create exam form (spec §5 Exam create)', () => {
  const values = { title: 'T', category: '', description: '', numberOfQuestions: '', price: '' };

  it('names each missing required field, and leaves the description optional', () => {
    const checked = createExamFormSchema.safeParse({ ...values, title: '' });
    expect(checked.success).toBe(false);
    expect(
      Object.fromEntries((checked.error?.issues ?? []).map((issue) => [issue.path[0], issue.message])),
    ).toEqual({
      title: 'Exam title is required',
      category: 'Category is required',
      numberOfQuestions: 'Number of questions is required',
      price: 'Monthly subscription fee is required',
    });
  });

  it('gives the body the API takes: a draft, the fee in pounds', () => {
    expect(
      createExamFormSchema.parse({ ...values, category: 'nursing', numberOfQuestions: '10', price: '3.50' }),
    ).toEqual({
      title: 'T',
      category: 'nursing',
      description: '',
      isActive: false,
      numberOfQuestions: 10,
      monthlySubscriptionFee: 3.5,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateExamBodySchema, safeString } from '@mlp/contract';
import { checkedBy } from './contract-rule.ts';

describe('checkedBy', () => {
  const count = safeString().transform(checkedBy(CreateExamBodySchema.shape.numberOfQuestions));
  const category = safeString().transform(
    checkedBy(CreateExamBodySchema.shape.category, 'Category is required'),
  );

  it("gives the contract rule's value", () => {
    expect(count.parse('12')).toBe(12);
    expect(category.parse('nursing')).toBe('nursing');
  });

  it("gives the rule's messages, or the form's own in their place", () => {
    expect(count.safeParse('0').error?.issues.map((issue) => issue.message)).toEqual([
      'Number of questions must be at least 1',
    ]);
    expect(category.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'Category is required',
    ]);
  });

  it('shows the issue under the field it checks', () => {
    const form = z.object({ exam: z.object({ category }) });
    expect(form.safeParse({ exam: { category: 'x' } }).error?.issues[0]?.path).toEqual(['exam', 'category']);
  });
});

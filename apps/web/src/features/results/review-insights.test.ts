import { describe, expect, it } from 'vitest';
import { calibrationText, peerSentence, peersByQuestion } from './review-insights.ts';

describe('review insights', () => {
  it('says over-, under- or well-calibrated, or that it cannot judge yet', () => {
    expect(calibrationText('over')).toMatch(/^You were over-confident/);
    expect(calibrationText('under')).toMatch(/^You were under-confident/);
    expect(calibrationText('good')).toBe('Your certainty matched your accuracy.');
    expect(calibrationText(null)).toMatch(/^Not enough answers/);
  });
  it('keeps only the questions the API gives peer figures for', () => {
    const found = peersByQuestion({
      questions: [
        { questionId: 'q1', answered: 0, percentCorrect: null, choices: null },
        { questionId: 'q2', answered: 25, percentCorrect: 64, choices: [{ choice: 'A', percent: 64 }] },
      ],
    });
    expect([...found.keys()]).toEqual(['q2']);
    expect(peerSentence(found.get('q2')!)).toBe('64% of 25 learners answered this correctly.');
    expect(peersByQuestion(undefined).size).toBe(0);
  });
});

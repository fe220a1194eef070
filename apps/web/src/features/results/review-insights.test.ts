import { describe, expect, it } from 'vitest';
import { peerFigures } from './results-fixtures.ts';
import { calibrationText, peerSentence, peerSharesByChoice, peersByQuestion } from './review-insights.ts';

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
        peerFigures('q2', 25, 64, { A: 64 }),
      ],
    });
    expect([...found.keys()]).toEqual(['q2']);
    expect(peerSentence(found.get('q2')!)).toBe('64% of 25 learners answered this correctly.');
    expect(peersByQuestion(undefined).size).toBe(0);
  });
  it("gives each option its peers' share by text, unless an option was edited since", () => {
    const peer = peerFigures('q1', 25, 60, { A: 60, B: 40 });
    expect(peerSharesByChoice(peer, ['B', 'A'])).toEqual(
      new Map([
        ['A', 60],
        ['B', 40],
      ]),
    );
    expect(peerSharesByChoice(peer, ['A', 'B (edited)'])).toBeNull();
    expect(peerSharesByChoice(peer, ['A', 'B', 'C'])).toBeNull();
  });
});

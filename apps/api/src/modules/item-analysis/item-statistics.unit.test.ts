import { describe, expect, it } from 'vitest';
import { CHOICES } from './item-statistics.fixture.ts';
import { bandOf, examFigures, itemFigures, medianOf, type BandSums } from './item-statistics.ts';

/*
 * The fixture (item-statistics.fixture.ts) with the key at option 0, hand-computed (population variances;
 * item SD is the sample SD, as Moodle shows):
 *   % scores 75 75 50 50 25 25 → mean 50, median 50, SD √(2500/5) = 22.36
 *   item variances p(1−p): 5/36, 1/4, 2/9, 2/9 → Σ = 0.8333; raw score variance 2/3
 *   Cronbach's alpha = 4/3 · (1 − 0.8333 / 0.6667) = −1/3
 *   rest scores y = (score − x)/3; discrimination r(x, y):
 *     q1 0.1085, q2 1/3, q3 −0.1581, q4 −0.5
 *   discriminative efficiency 100 · cov / cov(sorted x, sorted y): q1 14.29, q2 33.33, q3 −20, q4 −80
 */
const KEY = 0;
const OPTIONS = ['A', 'B', 'C', 'D'];

/** What the counting job adds up for one question: its answers grouped by band of rest score. */
function bandsOf(question: number): BandSums[] {
  const bands = new Map<number, BandSums>();
  for (const row of CHOICES) {
    const x = row[question] === KEY ? 1 : 0;
    const score = row.filter((choice) => choice === KEY).length;
    const y = (score - x) / (row.length - 1);
    const band = bandOf(y);
    const sums = bands.get(band) ?? {
      band,
      n: 0,
      correct: 0,
      sumY: 0,
      sumYy: 0,
      sumXy: 0,
      skipped: 0,
      choices: [0, 0, 0, 0, 0, 0],
    };
    const choice = row[question];
    sums.n += 1;
    sums.correct += x;
    sums.sumY += y;
    sums.sumYy += y * y;
    sums.sumXy += x * y;
    if (choice === null || choice === undefined) sums.skipped += 1;
    else sums.choices[choice] = (sums.choices[choice] ?? 0) + 1;
    bands.set(band, sums);
  }
  return [...bands.values()];
}

const item = (question: number, minAttempts = 1) =>
  itemFigures(bandsOf(question), { options: OPTIONS, correctAnswer: KEY }, minAttempts);

describe('item figures against hand-computed values', () => {
  it('facility, SD, discrimination and discriminative efficiency', () => {
    const expected = [
      { facility: 83.3, sd: 0.4082, discrimination: 0.108, efficiency: 14.3 },
      { facility: 50, sd: 0.5477, discrimination: 0.333, efficiency: 33.3 },
      { facility: 33.3, sd: 0.5164, discrimination: -0.158, efficiency: -20 },
      { facility: 33.3, sd: 0.5164, discrimination: -0.5, efficiency: -80 },
    ];
    expected.forEach((figures, question) => {
      expect(item(question)).toMatchObject({ attempts: 6, ...figures });
    });
  });

  it('option shares, skips, and the most popular wrong option', () => {
    const q3 = item(2);
    expect(q3.skippedShare).toBe(16.7);
    expect(q3.options.map((option) => option.share)).toEqual([33.3, 33.3, 16.7, 0]);
    expect(q3.options.map((option) => option.mostPopularWrong)).toEqual([false, true, false, false]);
    expect(q3.options[0]!.isKey).toBe(true);
  });

  it('flags a distractor the stronger third prefers to the key, and negative discrimination', () => {
    // q4: rest scores 1, ⅔, ⅔, ⅔, 0, ⅓ → the stronger third is the top two bands (L1–L4), who chose
    // B twice, the key once, C once.
    const q4 = item(3);
    expect(q4.options.map((option) => option.strongShare)).toEqual([25, 50, 25, 0]);
    expect(q4.flags).toEqual(['negative-discrimination', 'distractor-beats-key']);
    expect(item(1).flags).toEqual([]);
    expect(item(0).flags).toEqual(['weak-discrimination']);
  });

  it('is not flagged on too few answers', () => {
    expect(item(3, 10).flags).toEqual([]);
  });

  it('flags too easy and too hard questions', () => {
    const sums = (n: number, correct: number): BandSums[] => [
      {
        band: 5,
        n,
        correct,
        sumY: n / 2,
        sumYy: n / 4,
        sumXy: correct / 2,
        skipped: 0,
        choices: [correct, n - correct, 0, 0, 0, 0],
      },
    ];
    const question = { options: OPTIONS, correctAnswer: 0 };
    expect(itemFigures(sums(40, 38), question).flags).toContain('too-easy');
    expect(itemFigures(sums(40, 4), question).flags).toContain('too-hard');
    // With every answer in one band there is nothing to correlate with.
    expect(itemFigures(sums(40, 20), question).discrimination).toBeNull();
    expect(itemFigures([], question)).toMatchObject({ attempts: 0, facility: null, flags: [] });
  });
});

describe('exam figures', () => {
  it('mean, median, SD and Cronbach’s alpha', () => {
    const scores = CHOICES.map((row) => row.filter((choice) => choice === KEY).length);
    const sums = {
      results: scores.length,
      sumQuestions: 4 * scores.length,
      sumT: scores.reduce((a, b) => a + b, 0),
      sumTt: scores.reduce((a, b) => a + b * b, 0),
      sumS: scores.reduce((a, b) => a + 25 * b, 0),
      sumSs: scores.reduce((a, b) => a + (25 * b) ** 2, 0),
    };
    const items = [0, 1, 2, 3].map((question) => ({
      n: 6,
      correct: CHOICES.filter((row) => row[question] === KEY).length,
    }));
    const median = medianOf(scores.map((score) => ({ score: 25 * score, n: 1 })));
    expect(examFigures(sums, median, items)).toEqual({
      results: 6,
      mean: 50,
      median: 50,
      sd: 22.4,
      alpha: -0.333,
      questionsPerSitting: 4,
    });
  });

  it('the median of counted scores', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([{ score: 40, n: 3 }])).toBe(40);
    expect(
      medianOf([
        { score: 80, n: 1 },
        { score: 20, n: 2 },
      ]),
    ).toBe(20);
    expect(
      medianOf([
        { score: 80, n: 2 },
        { score: 20, n: 2 },
      ]),
    ).toBe(50);
  });

  it('no figures before any sitting', () => {
    expect(examFigures(null, null, [])).toMatchObject({ results: 0, mean: null, alpha: null });
  });
});

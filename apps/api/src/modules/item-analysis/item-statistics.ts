import { ITEM_FLAGS, ITEM_MIN_ATTEMPTS, type ItemFlag, type ItemStatistics } from '@mlp/contract';

/*
 * The arithmetic of item analysis (decision 0036), from the sums kept per question and band of
 * rest-of-sitting score (item_band_stats) and per exam (exam_score_stats, exam_score_bins). Pure: the
 * repository reads the sums, this turns them into the report. Definitions follow Moodle's quiz statistics:
 *
 * - facility: % of answers that were right;
 * - discrimination: Pearson's correlation of the question's score (0/1) with the score on the rest of the
 *   sitting (the share of the other questions right), so the question does not correlate with itself;
 * - discriminative efficiency: that covariance as a % of the largest it could be, had the right answers been
 *   given by exactly the learners with the best rest scores;
 * - Cronbach's alpha: k/(k−1) · (1 − Σ item variances / variance of the raw score).
 */

export const BANDS = 10;

export interface BandSums {
  band: number;
  n: number;
  correct: number;
  sumY: number;
  sumYy: number;
  sumXy: number;
  skipped: number;
  /** answers choosing each stored option position (6) */
  choices: number[];
}

export interface ExamSums {
  results: number;
  sumQuestions: number;
  sumT: number;
  sumTt: number;
  sumS: number;
  sumSs: number;
}

export interface QuestionFacts {
  options: string[];
  correctAnswer: number;
}

export type ItemFigures = Pick<
  ItemStatistics,
  'attempts' | 'facility' | 'sd' | 'discrimination' | 'efficiency' | 'skippedShare' | 'options' | 'flags'
>;

/** The band of a rest-of-sitting score y (0–1): 0 for under 10 %, …, 9 for 90 % and over. */
export function bandOf(y: number): number {
  return Math.min(BANDS - 1, Math.max(0, Math.floor(y * BANDS)));
}

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const percent = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole, 1) : 0);

/**
 * The bands holding the stronger third of the answers: from the best rest scores down until at least a
 * third are in (whole bands, so a little more than a third when a band straddles the line).
 */
function strongerThird(bands: BandSums[], n: number): BandSums[] {
  const chosen: BandSums[] = [];
  let taken = 0;
  for (const band of [...bands].sort((a, b) => b.band - a.band)) {
    if (taken * 3 >= n) break;
    chosen.push(band);
    taken += band.n;
  }
  return chosen;
}

/** The sum of the k best rest scores (within a band, answers are taken at the band's average). */
function bestRestSum(bands: BandSums[], k: number): number {
  let left = k;
  let sum = 0;
  for (const band of [...bands].sort((a, b) => b.band - a.band)) {
    if (left <= 0 || band.n === 0) continue;
    const take = Math.min(left, band.n);
    sum += (band.sumY * take) / band.n;
    left -= take;
  }
  return sum;
}

const total = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((sum, row) => sum + pick(row), 0);

/** One question's figures from its bands. `minAttempts` answers are needed before it is flagged. */
export function itemFigures(
  bands: BandSums[],
  question: QuestionFacts,
  minAttempts: number = ITEM_MIN_ATTEMPTS,
): ItemFigures {
  const n = total(bands, (b) => b.n);
  const k = total(bands, (b) => b.correct);
  const sumY = total(bands, (b) => b.sumY);
  const sumYy = total(bands, (b) => b.sumYy);
  const sumXy = total(bands, (b) => b.sumXy);
  const skipped = total(bands, (b) => b.skipped);
  const counts = question.options.map((_, index) => total(bands, (b) => b.choices[index] ?? 0));
  const strong = strongerThird(bands, n);
  const strongN = total(strong, (b) => b.n);
  const strongCounts = question.options.map((_, index) => total(strong, (b) => b.choices[index] ?? 0));

  let facility: number | null = null;
  let sd: number | null = null;
  let discrimination: number | null = null;
  let efficiency: number | null = null;
  if (n > 0) {
    const p = k / n;
    facility = round(100 * p, 1);
    sd = n > 1 ? round(Math.sqrt((p * (1 - p) * n) / (n - 1)), 4) : null;
    const meanY = sumY / n;
    const covariance = sumXy / n - p * meanY;
    const varianceY = Math.max(0, sumYy / n - meanY * meanY);
    const varianceX = p * (1 - p);
    if (varianceX > 1e-12 && varianceY > 1e-12) {
      discrimination = round(covariance / Math.sqrt(varianceX * varianceY), 3);
      const largest = bestRestSum(bands, k) / n - p * meanY;
      if (largest > 1e-12) efficiency = round((100 * covariance) / largest, 1);
    }
  }

  let popularWrong = -1;
  counts.forEach((count, index) => {
    if (index === question.correctAnswer || count === 0) return;
    if (popularWrong < 0 || count > (counts[popularWrong] ?? 0)) popularWrong = index;
  });
  const options = question.options.map((text, index) => ({
    text,
    isKey: index === question.correctAnswer,
    share: percent(counts[index] ?? 0, n),
    strongShare: percent(strongCounts[index] ?? 0, strongN),
    mostPopularWrong: index === popularWrong,
  }));

  const flags = new Set<ItemFlag>();
  if (n >= minAttempts && facility !== null) {
    if (discrimination !== null && discrimination < 0) flags.add('negative-discrimination');
    else if (discrimination !== null && discrimination < 0.2) flags.add('weak-discrimination');
    const keyStrong = strongCounts[question.correctAnswer] ?? 0;
    if (strongCounts.some((count, index) => index !== question.correctAnswer && count > keyStrong)) {
      flags.add('distractor-beats-key');
    }
    if (facility >= 90) flags.add('too-easy');
    if (facility < 20) flags.add('too-hard');
  }
  return {
    attempts: n,
    facility,
    sd,
    discrimination,
    efficiency,
    skippedShare: percent(skipped, n),
    options,
    flags: ITEM_FLAGS.filter((flag) => flags.has(flag)),
  };
}

/** The median of whole-percentage scores from their counts. */
export function medianOf(bins: Array<{ score: number; n: number }>): number | null {
  const sorted = [...bins].filter((bin) => bin.n > 0).sort((a, b) => a.score - b.score);
  const count = sorted.reduce((sum, bin) => sum + bin.n, 0);
  if (count === 0) return null;
  const at = (position: number) => {
    let seen = 0;
    for (const bin of sorted) {
      seen += bin.n;
      if (seen > position) return bin.score;
    }
    return sorted[sorted.length - 1]?.score ?? 0;
  };
  return count % 2 === 1 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
}

/**
 * The exam's figures: mean, median and (sample) SD of % scores, and Cronbach's alpha. When sittings draw
 * different questions from a larger bank, k is the average sitting length and the item variance the
 * average over the answers given, which is exactly the textbook formula when every sitting has every question.
 */
export function examFigures(
  sums: ExamSums | null,
  median: number | null,
  items: Array<{ n: number; correct: number }>,
) {
  const results = sums?.results ?? 0;
  if (!sums || results === 0) {
    return { results, mean: null, median: null, sd: null, alpha: null, questionsPerSitting: null };
  }
  const mean = sums.sumS / results;
  const sd =
    results > 1 ? Math.sqrt(Math.max(0, (sums.sumSs - results * mean * mean) / (results - 1))) : null;
  const k = sums.sumQuestions / results;
  const meanT = sums.sumT / results;
  const varianceT = sums.sumTt / results - meanT * meanT;
  const answers = items.reduce((sum, item) => sum + item.n, 0);
  const itemVariance = items.reduce(
    (sum, item) => (item.n > 0 ? sum + (item.correct * (item.n - item.correct)) / item.n : sum),
    0,
  );
  const alpha =
    results > 1 && k > 1 && varianceT > 1e-12 && answers > 0
      ? round((k / (k - 1)) * (1 - (k * (itemVariance / answers)) / varianceT), 3)
      : null;
  return {
    results,
    mean: round(mean, 1),
    median,
    sd: sd === null ? null : round(sd, 1),
    alpha,
    questionsPerSitting: round(k, 1),
  };
}

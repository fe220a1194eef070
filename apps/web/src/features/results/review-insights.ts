import type { Certainty, ExamResult, MissTag, ResultPeers } from '@mlp/contract';

/* Pure helpers of a result's review (decision 0038): miss tags, certainty, peer figures. */

/** 'Why I missed it' options, in the order and words. */
export const MISS_TAG_LABELS: Record<MissTag, string> = {
  'didnt-know': "Didn't know",
  misread: 'Misread',
  'reasoning-slip': 'Reasoning slip',
  'ran-out-of-time': 'Ran out of time',
};

export const CERTAINTY_LABELS: Record<Certainty, string> = {
  sure: 'Sure',
  'fairly-sure': 'Fairly sure',
  guessing: 'Guessing',
};

type Calibration = NonNullable<ExamResult['certainty']>['calibration'];

/** The over/under-confident verdict in words (decision 0035's thresholds, at least 3 answers a level). */
export function calibrationText(calibration: Calibration): string {
  switch (calibration) {
    case 'over':
      return "You were over-confident: answers you marked 'Sure' or 'Fairly sure' were wrong more often than that certainty allows.";
    case 'under':
      return "You were under-confident: answers you marked 'Guessing' or 'Fairly sure' were right more often than you expected.";
    case 'good':
      return 'Your certainty matched your accuracy.';
    default:
      return 'Not enough answers at one certainty level to judge yet (at least 3 are needed).';
  }
}

export type QuestionPeers = ResultPeers['questions'][number];

/** The peer figures of each question by id, only for questions the API gives them for. */
export function peersByQuestion(peers: ResultPeers | undefined): Map<string, QuestionPeers> {
  const found = new Map<string, QuestionPeers>();
  for (const question of peers?.questions ?? [])
    if (question.choices !== null && question.percentCorrect !== null)
      found.set(question.questionId, question);
  return found;
}

/** '64% of 25 learners answered this correctly.' */
export function peerSentence(peer: QuestionPeers): string {
  return `${peer.percentCorrect ?? 0}% of ${peer.answered} learners answered this correctly.`;
}

/**
 * The peers' share of each of a result question's options, by choice text, or null when the figures do
 * not line up with the options (an option edited since: the API counts by the stored option's position
 * and names it as it reads now), in which case the review lists the shares on their own as before.
 */
export function peerSharesByChoice(
  peer: QuestionPeers,
  choices: readonly string[],
): Map<string, number> | null {
  const shares = new Map((peer.choices ?? []).map(({ choice, percent }) => [choice, percent]));
  if (shares.size !== choices.length || choices.some((choice) => !shares.has(choice))) return null;
  return shares;
}

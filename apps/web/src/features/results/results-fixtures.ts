import type { ResultPeers } from '@mlp/contract';

/* What the result page's tests answer with, typed by the contract. */

type PeerFigures = ResultPeers['questions'][number];

/**
 * How other learners answered a question: `answered` learners, `percentCorrect` of them right, and each
 * choice's share (choice text → percent), in the order given.
 */
export function peerFigures(
  questionId: string,
  answered: number,
  percentCorrect: number,
  shares: Record<string, number>,
): PeerFigures {
  return {
    questionId,
    answered,
    percentCorrect,
    choices: Object.entries(shares).map(([choice, percent]) => ({ choice, percent })),
  };
}

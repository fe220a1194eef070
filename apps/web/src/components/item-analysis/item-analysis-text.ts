import type { ItemFlag } from '@mlp/contract';

/** Words and number formats of the item analysis report (decision 0036). */

export const FLAG_TEXT: Record<ItemFlag, string> = {
  'negative-discrimination': 'Negative discrimination: check the answer',
  'distractor-beats-key': 'Strong learners prefer a wrong option',
  'weak-discrimination': 'Weak discrimination',
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
};

export const SOURCE_LABELS = { all: 'All questions', ai: 'AI drafts', manual: 'Hand-written' } as const;

export const SORT_LABELS = {
  order: 'Question order',
  flags: 'Flags first',
  facility: 'Facility (hardest first)',
  discrimination: 'Discrimination (lowest first)',
  attempts: 'Most answered',
} as const;

/** 83.3 → '83.3%', 50 → '50%', null → '–'. */
export function formatPercent(value: number | null): string {
  if (value === null) return '–';
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

/** 0.108 → '0.11', −0.5 → '−0.50', null → '–'. */
export function formatDiscrimination(value: number | null): string {
  if (value === null) return '–';
  return value < 0 ? `−${Math.abs(value).toFixed(2)}` : value.toFixed(2);
}

/** A plain reading of Cronbach's alpha. */
export function alphaVerdict(alpha: number | null): string | null {
  if (alpha === null) return null;
  if (alpha >= 0.9) return 'Excellent: high-stakes level';
  if (alpha >= 0.8) return 'Good';
  if (alpha >= 0.7) return 'Acceptable for practice';
  return 'Low: questions may measure different things';
}

export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

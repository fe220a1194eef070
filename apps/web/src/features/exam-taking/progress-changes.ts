import type { Answers, Certainty, SaveChanges } from '@mlp/contract';

export interface Progress {
  answers: Answers;
  currentIndex: number;
  /** flagged question ids */
  flags: string[];
  /** question id → the choices struck out */
  strikes: Record<string, string[]>;
  /** question id → how sure the learner said they were (decision 0035; only when they mark certainty) */
  certainties?: Record<string, Certainty>;
}

/** Which parts of the progress a save names: questions per record, and whether the flags list changed. */
export interface ChangedKeys {
  answers: Set<string>;
  strikes: Set<string>;
  certainties: Set<string>;
  flags: boolean;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = [...(a ?? [])].sort();
  const right = [...(b ?? [])].sort();
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/** The keys of two records whose values differ (a key missing on one side differs from one present). */
function differingKeys<T>(
  a: Record<string, T> | undefined,
  b: Record<string, T> | undefined,
  same: (x: T | undefined, y: T | undefined) => boolean,
): string[] {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].filter((key) => !same(a?.[key], b?.[key]));
}

const sameValue = <T>(x: T | undefined, y: T | undefined) => x === y;
/** An empty list of struck options is the same as none. */
const sameStrikes = (x: string[] | undefined, y: string[] | undefined) => sameList(x, y);

/** What differs between two states of the progress (the position aside: every save sends it). */
export function changedKeys(from: Progress, to: Progress): ChangedKeys {
  return {
    answers: new Set(differingKeys(from.answers, to.answers, sameValue)),
    strikes: new Set(differingKeys(from.strikes, to.strikes, sameStrikes)),
    certainties: new Set(differingKeys(from.certainties, to.certainties, sameValue)),
    flags: !sameList(from.flags, to.flags),
  };
}

/**
 * The changes a save sends (decision 0074): every question that differs between `latest` and what the
 * server acknowledged (`acknowledged`), and every question an earlier save not yet acknowledged named (it
 * may have reached the server, or may yet fail), each with its value in `latest`. Whatever of those earlier
 * saves the server applied, this one leaves it holding `latest`. Returns the keys too, kept with the save
 * until a newer one is acknowledged.
 */
export function changesToSend(
  acknowledged: Progress,
  latest: Progress,
  unacknowledged: readonly ChangedKeys[],
): { changes: SaveChanges; keys: ChangedKeys } {
  const keys = changedKeys(acknowledged, latest);
  for (const earlier of unacknowledged) {
    for (const id of earlier.answers) keys.answers.add(id);
    for (const id of earlier.strikes) keys.strikes.add(id);
    for (const id of earlier.certainties) keys.certainties.add(id);
    keys.flags ||= earlier.flags;
  }
  const changes: SaveChanges = {};
  if (keys.answers.size > 0)
    changes.answers = Object.fromEntries([...keys.answers].map((id) => [id, latest.answers[id] ?? null]));
  if (keys.strikes.size > 0)
    changes.strikes = Object.fromEntries([...keys.strikes].map((id) => [id, latest.strikes[id] ?? []]));
  if (keys.certainties.size > 0)
    changes.certainties = Object.fromEntries(
      [...keys.certainties].map((id) => [id, latest.certainties?.[id] ?? null]),
    );
  if (keys.flags) changes.flags = latest.flags;
  return { changes, keys };
}

/** Pages needed for `total` rows at `limit` a page; an empty list still has one (empty) page. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped ("50%" means the text "50%"). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

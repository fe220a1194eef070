/*
 * A roster file for the members box (decision 0079): a school's export in CSV (or a plain list), whatever
 * its columns. Each cell that looks like an e-mail address is taken, in file order, once; names, headers
 * and other columns are left out. The server then checks every address as for a paste (the preview).
 */

/** A roster file larger than this is refused before it is read (500 members need a few tens of kB). */
export const ROSTER_FILE_MAX_BYTES = 1_000_000;

const LOOKS_LIKE_EMAIL = /^[^\s@",;<>]+@[^\s@",;<>]+\.[^\s@",;<>]+$/;

/** The e-mail addresses of a roster's cells, each once (compared without case), in the order found. */
export function emailsFromRoster(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    for (const raw of line.split(/[,;\t]/)) {
      const cell = raw
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .replace(/^<(.*)>$/, '$1')
        .trim();
      if (!LOOKS_LIKE_EMAIL.test(cell)) continue;
      const key = cell.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      emails.push(cell);
    }
  }
  return emails;
}

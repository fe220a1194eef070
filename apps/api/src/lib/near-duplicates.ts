/*
 * Finding questions with nearly the same text without comparing against every question of an exam
 * (decision 0050). pg_trgm's similarity is the measure (the share of trigrams two texts have in common);
 * computing it against each of 5,000 clinical vignettes of ~700 characters takes 0.5–0.8 s, and its GIN
 * index does no better on texts that share most of their common trigrams. So each question keeps a
 * locality-sensitive sketch of its trigram set: MinHash with 160 hash functions in 20 bands of 8. Two texts
 * whose trigram sets have Jaccard similarity s share a given band with probability s⁸, so at least one of
 * the 20 with 1 − (1 − s⁸)²⁰: 0.99999 at s = 0.9, 0.70 at 0.7, 0.075 at 0.5, 0.001 at 0.3. PostgreSQL finds
 * the questions sharing bands through a GIN index and checks each with similarity(), so the answer is
 * pg_trgm's, and the sketch only decides which few questions are worth checking.
 */

export const SKETCH_BANDS = 20;
export const SKETCH_ROWS = 8;
/**
 * Bands two texts must share to be checked: three, not one. A pair at similarity 0.9 shares three or more
 * with probability 0.998 (at 0.92, 0.9999; at 0.95, 1 − 10⁻⁸); a pair at 0.67, typical of questions written
 * from one template, 0.046 instead of 0.56 for one or more, which keeps similarity() from checking most of
 * such a bank.
 */
export const MIN_SHARED_BANDS = 3;
const HASHES = SKETCH_BANDS * SKETCH_ROWS;

/**
 * A text's trigrams as pg_trgm forms them: lower case, words of letters and digits, each word padded with
 * two spaces before and one after. (pg_trgm's idea of a letter follows the database's locale; this one
 * follows Unicode. A rare difference only lowers the chance of a match a little: similarity() decides.)
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

/** FNV-1a, 32 bits, over a string's UTF-16 code units. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A 32-bit mixer (murmur3's finaliser): spreads a multiply-add's output over all bits. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** The hash functions' fixed coefficients (odd multipliers), from a fixed seed: sketches never change meaning. */
const COEFFICIENTS = Array.from({ length: HASHES }, (_, i) => ({
  a: (mix(0x9e3779b9 + i * 2) | 1) >>> 0,
  b: mix(0x7f4a7c15 + i * 2 + 1),
}));

/**
 * The text's sketch: one signed 32-bit key per band (PostgreSQL `int4[]`), each naming its band, so two
 * texts share a key only in the same band. An empty text has an empty sketch.
 */
export function textSketch(text: string): number[] {
  const trigrams = [...trigramsOf(text)].map((trigram) => fnv1a(trigram));
  if (trigrams.length === 0) return [];
  const minima = new Array<number>(HASHES).fill(0xffffffff);
  for (const base of trigrams) {
    for (let i = 0; i < HASHES; i += 1) {
      const { a, b } = COEFFICIENTS[i]!;
      const value = mix((Math.imul(a, base) + b) >>> 0);
      if (value < minima[i]!) minima[i] = value;
    }
  }
  const keys: number[] = [];
  for (let band = 0; band < SKETCH_BANDS; band += 1) {
    let key = fnv1a(String(band));
    for (let row = 0; row < SKETCH_ROWS; row += 1) {
      key = mix((key ^ minima[band * SKETCH_ROWS + row]!) >>> 0);
      key = Math.imul(key, 0x01000193) >>> 0;
    }
    keys.push(key | 0);
  }
  return keys;
}

/**
 * Question values with the sketch of their text when they carry text (decision 0050): every write of a
 * question's text goes through here (the admin-exams and question-imports repositories), so the sketch
 * always matches the text.
 */
export function withSketch<T extends { question?: string; textSketch?: number[] | null }>(values: T): T {
  return values.question === undefined ? values : { ...values, textSketch: textSketch(values.question) };
}

import { describe, expect, it } from 'vitest';
import { MIN_SHARED_BANDS, SKETCH_BANDS, textSketch, trigramsOf } from './near-duplicates.ts';

const STEM =
  'A 45-year-old man presents with central chest pain radiating to the left arm for 2 hours. He smokes 20 a day and has hypertension. His ECG shows ST elevation in leads II, III and aVF. What is the most appropriate next step in management?';

function jaccard(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = trigramsOf(b);
  const shared = [...x].filter((trigram) => y.has(trigram)).length;
  return shared / (x.size + y.size - shared);
}

function sharedBands(a: string, b: string): number {
  const keys = new Set(textSketch(a));
  return textSketch(b).filter((key) => keys.has(key)).length;
}

describe('near-duplicate sketches (decision 0050)', () => {
  it('forms trigrams as pg_trgm does: lower case, words padded with two spaces before and one after', () => {
    expect([...trigramsOf('Hi, Bob!')].sort()).toEqual(
      ['  b', '  h', ' bo', ' hi', 'bob', 'hi ', 'ob '].sort(),
    );
    expect(trigramsOf('  ,;  ')).toEqual(new Set());
  });

  it('gives every text one key per band, the same every time', () => {
    expect(textSketch(STEM)).toHaveLength(SKETCH_BANDS);
    expect(textSketch(STEM)).toEqual(textSketch(STEM));
    expect(textSketch(STEM).every((key) => Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31)).toBe(
      true,
    );
    expect(textSketch('')).toEqual([]);
  });

  it('makes texts with nearly the same trigrams share bands, and different questions none', () => {
    const retyped = STEM.replace('2 hours', 'two hours').replace('?', ' ?');
    const oneDetail = STEM.replace('man', 'woman').replace('II, III and aVF', 'V1 to V4');
    const other =
      'Which antibiotic is first line for community-acquired pneumonia of low severity in an adult without penicillin allergy?';
    expect(jaccard(STEM, retyped)).toBeGreaterThan(0.95);
    expect(sharedBands(STEM, retyped)).toBeGreaterThan(10);
    expect(jaccard(STEM, oneDetail)).toBeGreaterThan(0.9);
    expect(sharedBands(STEM, oneDetail)).toBeGreaterThanOrEqual(MIN_SHARED_BANDS);
    expect(sharedBands(STEM, other)).toBe(0);
  });

  it('checks nearly every pair at similarity 0.9 and few at 0.5 (the banding curve, measured)', () => {
    // Word lists whose trigram sets overlap by a chosen share: drop words from the end of one.
    const words = Array.from({ length: 120 }, (_, i) => `term${i}x${(i * 7919) % 1000}`);
    let found90 = 0;
    let found50 = 0;
    for (let trial = 0; trial < 200; trial += 1) {
      const base = words.map((word) => `${word}t${trial}`);
      if (sharedBands(base.join(' '), base.slice(0, 108).join(' ')) >= MIN_SHARED_BANDS) found90 += 1;
      if (sharedBands(base.join(' '), base.slice(0, 60).join(' ')) >= MIN_SHARED_BANDS) found50 += 1;
    }
    expect(found90).toBeGreaterThanOrEqual(198);
    expect(found50).toBeLessThan(10);
  });
});

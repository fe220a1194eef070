import { describe, expect, it } from 'vitest';
import { labelledChoices } from './choices.ts';

describe('labelledChoices', () => {
  const choices = labelledChoices({ all: 'All', due: 'Due now', suspended: 'Suspended' });

  it('offers the values in the order their labels are written', () => {
    expect(choices.values).toEqual(['all', 'due', 'suspended']);
    expect(choices.labels.due).toBe('Due now');
  });

  it('reads only a value, exactly as written', () => {
    expect(choices.read('suspended')).toBe('suspended');
    expect(choices.read('Suspended')).toBeUndefined();
    expect(choices.read('toString')).toBeUndefined();
    expect(choices.read(null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, dateTimeCell, moneyCell } from './export-files.ts';

describe('csvCell: formula injection (decision 0068)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
  ])('puts an apostrophe before %j', (value, escaped) => {
    expect(csvCell(value)).toBe(escaped);
  });

  it('leaves other text, numbers and empty cells as they are', () => {
    expect(csvCell('Zoë = Brontë')).toBe('Zoë = Brontë');
    expect(csvCell(-12.5)).toBe(-12.5);
    expect(csvCell(null)).toBeNull();
    expect(csvCell('')).toBe('');
  });
});

describe('cells', () => {
  it('writes times as UTC text a spreadsheet reads, and pence as pounds', () => {
    expect(dateTimeCell(new Date('2026-12-06T09:30:15.123Z'))).toBe('2026-12-06 09:30:15');
    expect(dateTimeCell(null)).toBeNull();
    expect(moneyCell(1999)).toBe(19.99);
    expect(moneyCell(0)).toBe(0);
  });
});

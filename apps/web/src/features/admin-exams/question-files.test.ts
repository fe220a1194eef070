import { describe, expect, it } from 'vitest';
import { bytesToBase64, fileProblem, formatFromFileName } from './question-files.ts';

describe('question files', () => {
  it('guesses the format from the file name, ignoring case', () => {
    expect(formatFromFileName('Bank.CSV')).toBe('csv');
    expect(formatFromFileName('moodle-export.xml')).toBe('moodle-xml');
    expect(formatFromFileName('quiz.gift')).toBe('gift');
    expect(formatFromFileName('cardio-questions.gift.txt')).toBe('gift');
    expect(formatFromFileName('cardio-questions.aiken.txt')).toBe('aiken');
    expect(formatFromFileName('questions.txt')).toBeUndefined();
  });

  it('refuses empty files and files over 5 MB before sending them', () => {
    expect(fileProblem({ size: 0 })).toBe('The file is empty.');
    expect(fileProblem({ size: 5 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ size: 5 * 1024 * 1024 + 1 })).toBe(
      'The file is larger than 5 MB. Split it into smaller files and import each.',
    );
  });

  it('encodes bytes as base64 across chunk boundaries', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 5).map((_, i) => i % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new TextEncoder().encode('Qué?'))).toBe('UXXDqT8=');
  });
});

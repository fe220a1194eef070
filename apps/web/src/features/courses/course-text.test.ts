import { describe, expect, it } from 'vitest';
import {
  COURSE_CATEGORIES,
  courseAccessLabel,
  emptyCoursesMessage,
  formatCertificateDate,
  isCourseCategory,
  lockedLabel,
  progressLabel,
  progressPercent,
  unitCountLabel,
  unitDetails,
  unitStatusLabel,
} from './course-text.ts';
import { articleUnit, checkpointUnit, practiceUnit } from './course-fixtures.ts';

describe('course wording', () => {
  it('names the categories in the chips’ order and knows which values are categories', () => {
    expect(COURSE_CATEGORIES).toEqual(['medical', 'nursing', 'pharmacy', 'other']);
    expect(isCourseCategory('nursing')).toBe(true);
    expect(isCourseCategory('toString')).toBe(false);
    expect(isCourseCategory('')).toBe(false);
  });

  it('counts units and says what a course costs', () => {
    expect(unitCountLabel(1)).toBe('1 unit');
    expect(unitCountLabel(5)).toBe('5 units');
    expect(courseAccessLabel([])).toBe('Free');
    expect(
      courseAccessLabel([
        { _id: 'e1', title: 'Cardiology Basics' },
        { _id: 'e2', title: 'Pharmacology' },
      ]),
    ).toBe('Subscription: Cardiology Basics, Pharmacology');
  });

  it('says why the list is empty', () => {
    expect(emptyCoursesMessage('', '')).toBe('No courses yet.');
    expect(emptyCoursesMessage('sepsis', '')).toBe('No courses match your search.');
    expect(emptyCoursesMessage('sepsis', 'nursing')).toBe('No courses match your search.');
    expect(emptyCoursesMessage('', 'nursing')).toBe('No courses in this category yet.');
  });

  it("describes a practice set's size, mode and topics, and a checkpoint's pass mark", () => {
    expect(unitDetails(articleUnit('u1', 0))).toEqual([]);
    expect(unitDetails(practiceUnit('u2', 1))).toEqual([
      '10 questions · Tutor mode',
      'Topics: Heart failure, Arrhythmia',
    ]);
    expect(unitDetails(practiceUnit('u2', 1, { size: 1, mode: 'timed', topics: [] }))).toEqual([
      '1 question · Timed mode',
      'All topics',
    ]);
    expect(unitDetails(checkpointUnit('u3', 2, { passMark: 75 }))).toEqual(['Pass mark 75%']);
  });

  it('names each status, with the score where there is one', () => {
    expect(unitStatusLabel({ status: 'not-started', score: null })).toBe('Not started');
    expect(unitStatusLabel({ status: 'in-progress', score: null })).toBe('In progress');
    expect(unitStatusLabel({ status: 'read', score: null })).toBe('Read');
    expect(unitStatusLabel({ status: 'done', score: 80 })).toBe('Done · 80%');
    expect(unitStatusLabel({ status: 'done', score: null })).toBe('Done');
    expect(unitStatusLabel({ status: 'passed', score: 85 })).toBe('Passed · 85%');
    expect(unitStatusLabel({ status: 'failed', score: 55 })).toBe('Not passed yet · 55%');
  });

  it('reads progress as words and per cent', () => {
    expect(progressLabel(3, 5)).toBe('3 of 5 units complete');
    expect(progressLabel(0, 1)).toBe('0 of 1 unit complete');
    expect(progressPercent(3, 5)).toBe(60);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(7, 5)).toBe(100);
    expect(lockedLabel('Pharmacology')).toBe('Subscribe to Pharmacology to unlock');
  });

  it("writes the certificate's date the British way", () => {
    expect(formatCertificateDate(new Date(2025, 2, 5, 12).toISOString())).toBe('5 March 2025');
    expect(formatCertificateDate(new Date(2026, 11, 31, 9).toISOString())).toBe('31 December 2026');
    expect(formatCertificateDate('not a date')).toBe('');
  });
});

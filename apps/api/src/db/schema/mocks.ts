import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';

/*
 * Live mock exams (decision 0077): an exam sat by everyone in one window, one timed sitting each, results
 * released at one time and ranked among all who sat it. The sittings are ordinary exam attempts carrying
 * `mock_id` (results.ts); nothing is scored before `results_at`.
 */
export const mockExams = pgTable(
  'mock_exams',
  {
    id: id(),
    examId: belongsTo(() => exams.id),
    title: text().notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    timeLimitMinutes: integer().notNull(),
    /** a late starter gets the full time limit, or only what is left of the window */
    lateStart: text({ enum: ['full', 'remaining'] })
      .notNull()
      .default('full'),
    release: text({ enum: ['at_close', 'immediately', 'at'] })
      .notNull()
      .default('at_close'),
    /** when results are released: the close, the time chosen, or the opening ('immediately') */
    resultsAt: timestamp({ withTimezone: true }).notNull(),
    /** cancelled before it opened: learners no longer see it */
    cancelledAt: timestamp({ withTimezone: true }),
    /** when the reminders the day before and the hour before were queued to every subscribed learner */
    dayReminderAt: timestamp({ withTimezone: true }),
    hourReminderAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Learners' list: the mocks not yet closed, by opening time.
    index('mock_exams_closes').on(table.closesAt),
    index().on(table.examId),
    check('mock_exams_window', sql`${table.closesAt} > ${table.opensAt}`),
    check('mock_exams_late_start', sql`${table.lateStart} in ('full', 'remaining')`),
    check('mock_exams_release', sql`${table.release} in ('at_close', 'immediately', 'at')`),
  ],
);

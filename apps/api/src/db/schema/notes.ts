import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, updatedAt } from './columns.ts';
import { questions } from './exams.ts';
import { users } from './users.ts';

/**
 * A learner's private note on a question they have been shown (decision 0059): one per learner and
 * question, replaced by each save. It follows the question through its edits (decision 0050) and keeps the
 * version the learner was looking at when they wrote it, so the notebook can say the question has changed.
 */
export const questionNotes = pgTable(
  'question_notes',
  {
    userId: belongsTo(() => users.id),
    questionId: belongsTo(() => questions.id),
    text: text().notNull(),
    /** the question's version (question_versions) the learner saw when they last saved the note */
    version: integer().notNull(),
    /**
     * What the notebook's search reads: the note and the question's current text, lower-cased, in one column
     * of the learner's own rows (no join per note). Written with the note; a trigger on `questions` keeps it
     * current when a question's text is edited (migration 0034).
     */
    searchText: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    // The notebook: a learner's notes newest first, paged (and searched within that learner's rows).
    index('question_notes_user_recent').on(table.userId, table.updatedAt.desc(), table.questionId),
    // Deleting a question deletes its notes.
    index().on(table.questionId),
  ],
);

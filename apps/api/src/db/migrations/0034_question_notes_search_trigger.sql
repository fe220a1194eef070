-- The notebook's search text (decision 0059, addendum of 2026-12-02): the note and its question's text,
-- lower-cased, kept on the note so a search reads the learner's own rows only. Notes written before get it
-- now; a question's text edited later rewrites it on that question's notes.
UPDATE "question_notes" n SET "search_text" = lower(n."text" || ' ' || q."question")
FROM "questions" q WHERE q."id" = n."question_id";--> statement-breakpoint
CREATE FUNCTION question_notes_follow_question_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "question_notes" SET "search_text" = lower("text" || ' ' || NEW."question")
  WHERE "question_id" = NEW."id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER questions_text_to_notes AFTER UPDATE OF "question" ON "questions"
  FOR EACH ROW WHEN (OLD."question" IS DISTINCT FROM NEW."question")
  EXECUTE FUNCTION question_notes_follow_question_text();

CREATE TABLE "question_versions" (
	"question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"exam_id" uuid NOT NULL,
	"source" text NOT NULL,
	"content" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"admin_id" uuid,
	"admin_name" text,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_versions_question_id_version_pk" PRIMARY KEY("question_id","version")
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "rationales" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "objective" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "reference_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "item_stats_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_cards_question" ON "review_cards" USING btree ("question_id");--> statement-breakpoint
-- Versions are append-only (decision 0050): a version is never rewritten; rows go only with their question.
CREATE FUNCTION question_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'question_versions rows are never changed (append-only)';
END;
$$;--> statement-breakpoint
CREATE TRIGGER question_versions_no_update BEFORE UPDATE ON "question_versions"
  FOR EACH ROW EXECUTE FUNCTION question_versions_append_only();--> statement-breakpoint
-- A question's topic is one of its exam's topics (decision 0050). Before, the API let a question take a topic
-- the exam did not list: such topics join the exam's list (and a topic that differs only in case takes the
-- exam's spelling), so no question loses its topic and every learner's figures keep their name.
UPDATE "questions" q SET "topic" = t.name
FROM "exams" e, jsonb_array_elements_text(e."topics") AS t(name)
WHERE q."exam_id" = e."id" AND q."topic" IS NOT NULL AND lower(q."topic") = lower(t.name) AND q."topic" <> t.name;--> statement-breakpoint
UPDATE "exams" e SET "topics" = e."topics" || missing.names
FROM (
  SELECT q."exam_id", jsonb_agg(DISTINCT q."topic") AS names
  FROM "questions" q JOIN "exams" x ON x."id" = q."exam_id"
  WHERE q."topic" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(x."topics") AS t(name) WHERE lower(t.name) = lower(q."topic"))
  GROUP BY q."exam_id"
) missing
WHERE e."id" = missing."exam_id";--> statement-breakpoint
-- Every question starts its history with the content it has now.
INSERT INTO "question_versions" ("question_id", "version", "exam_id", "source", "content", "created_at")
SELECT q."id", 1, q."exam_id", 'existing',
  jsonb_build_object('question', q."question", 'options', q."options", 'correctAnswer', q."correct_answer",
    'explanation', q."explanation", 'rationales', q."rationales", 'objective', q."objective",
    'references', q."reference_list", 'topic', q."topic", 'image', q."image",
    'explanationImage', q."explanation_image"),
  q."updated_at"
FROM "questions" q
ON CONFLICT DO NOTHING;

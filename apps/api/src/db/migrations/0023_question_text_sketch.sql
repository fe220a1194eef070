-- Nearly the same text (decision 0050): each question's MinHash sketch (lib/near-duplicates.ts), computed by
-- the application; the 'question-sketches' job fills it for the questions written before.
ALTER TABLE "questions" ADD COLUMN "text_sketch" integer[];--> statement-breakpoint
CREATE INDEX "questions_text_sketch" ON "questions" USING gin ("text_sketch") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "questions_unsketched" ON "questions" USING btree ("exam_id") WHERE "questions"."text_sketch" is null;
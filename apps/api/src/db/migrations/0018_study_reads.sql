DROP INDEX "questions_exam_id_approval_status_index";--> statement-breakpoint
CREATE INDEX "questions_exam_draw" ON "questions" USING btree ("exam_id","approval_status","id","topic");
-- Lists are ordered "created_at DESC, id DESC" (newest first, stable). Indexes in exactly that order
-- let a page (even a deep one) be read from the index instead of sorting the whole table.
CREATE INDEX IF NOT EXISTS "exams_published_order" ON "exams" ("created_at" DESC, "id" DESC) WHERE "is_active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_published_order" ON "articles" ("created_at" DESC, "id" DESC) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_order" ON "articles" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_order" ON "users" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
DROP INDEX IF EXISTS "users_created_at_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exam_results_user_order" ON "exam_results" ("user_id", "completed_at" DESC, "id" DESC);

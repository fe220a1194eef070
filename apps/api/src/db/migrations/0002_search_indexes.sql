-- Trigram indexes keep case-insensitive substring search (ILIKE '%term%') fast on large tables.
-- pg_trgm ships with PostgreSQL (contrib) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exams_search_trgm" ON "exams" USING gin ((lower("title" || ' ' || "description" || ' ' || "category")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_search_trgm" ON "articles" USING gin ((lower("title" || ' ' || "summary")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_idx" ON "users" ("created_at");

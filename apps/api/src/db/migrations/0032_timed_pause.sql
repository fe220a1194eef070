ALTER TABLE "exams" ADD COLUMN "timed_pause_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "paused_seconds" integer DEFAULT 0 NOT NULL;
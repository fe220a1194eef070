ALTER TABLE "mock_exams" ADD COLUMN "day_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mock_exams" ADD COLUMN "hour_reminder_at" timestamp with time zone;
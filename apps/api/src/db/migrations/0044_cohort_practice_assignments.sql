CREATE TABLE "cohort_assignment_sittings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"attempt_id" uuid,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_assignment_sittings_attempt" UNIQUE("attempt_id")
);
--> statement-breakpoint
ALTER TABLE "cohort_assignments" DROP CONSTRAINT "cohort_assignments_once";--> statement-breakpoint
ALTER TABLE "cohort_assignments" ADD COLUMN "kind" text DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "cohort_assignments" ADD COLUMN "topics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cohort_assignments" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "cohort_assignments" ADD COLUMN "mode" text;--> statement-breakpoint
-- Assignments made before kinds were stored: a mock's has its mock.
UPDATE "cohort_assignments" SET "kind" = 'mock' WHERE "mock_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cohort_assignment_sittings" ADD CONSTRAINT "cohort_assignment_sittings_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE set null;--> statement-breakpoint
ALTER TABLE "cohort_assignment_sittings" ADD CONSTRAINT "cohort_assignment_sittings_assignment_id_cohort_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."cohort_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_assignment_sittings" ADD CONSTRAINT "cohort_assignment_sittings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohort_assignment_sittings_assignment_user" ON "cohort_assignment_sittings" USING btree ("assignment_id","user_id");--> statement-breakpoint
CREATE INDEX "cohort_assignments_cohort_exam" ON "cohort_assignments" USING btree ("cohort_id","exam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_assignments_exam_once" ON "cohort_assignments" USING btree ("cohort_id","exam_id") WHERE "cohort_assignments"."kind" = 'exam';--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_assignments_mock_once" ON "cohort_assignments" USING btree ("cohort_id","mock_id") WHERE "cohort_assignments"."kind" = 'mock';--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_assignments_practice_title" ON "cohort_assignments" USING btree ("cohort_id",lower("title")) WHERE "cohort_assignments"."kind" = 'practice';--> statement-breakpoint
ALTER TABLE "cohort_assignments" ADD CONSTRAINT "cohort_assignments_kind_fields" CHECK (("cohort_assignments"."kind" = 'exam' and "cohort_assignments"."mock_id" is null and "cohort_assignments"."size" is null and "cohort_assignments"."mode" is null)
        or ("cohort_assignments"."kind" = 'mock' and "cohort_assignments"."mock_id" is not null and "cohort_assignments"."size" is null and "cohort_assignments"."mode" is null)
        or ("cohort_assignments"."kind" = 'practice' and "cohort_assignments"."mock_id" is null and "cohort_assignments"."size" between 5 and 100
          and "cohort_assignments"."mode" in ('exam', 'timed', 'tutor')));
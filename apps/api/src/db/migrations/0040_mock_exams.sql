CREATE TABLE "mock_exams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"exam_id" uuid NOT NULL,
	"title" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"late_start" text DEFAULT 'full' NOT NULL,
	"release" text DEFAULT 'at_close' NOT NULL,
	"results_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mock_exams_window" CHECK ("mock_exams"."closes_at" > "mock_exams"."opens_at"),
	CONSTRAINT "mock_exams_late_start" CHECK ("mock_exams"."late_start" in ('full', 'remaining')),
	CONSTRAINT "mock_exams_release" CHECK ("mock_exams"."release" in ('at_close', 'immediately', 'at'))
);
--> statement-breakpoint
DROP INDEX "exam_attempts_one_open";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "mock_id" uuid;--> statement-breakpoint
ALTER TABLE "exam_results" ADD COLUMN "mock_id" uuid;--> statement-breakpoint
ALTER TABLE "mock_exams" ADD CONSTRAINT "mock_exams_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mock_exams_closes" ON "mock_exams" USING btree ("closes_at");--> statement-breakpoint
CREATE INDEX "mock_exams_exam_id_index" ON "mock_exams" USING btree ("exam_id");--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_mock_id_mock_exams_id_fk" FOREIGN KEY ("mock_id") REFERENCES "public"."mock_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_mock_id_mock_exams_id_fk" FOREIGN KEY ("mock_id") REFERENCES "public"."mock_exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_per_mock" ON "exam_attempts" USING btree ("mock_id","user_id") WHERE "exam_attempts"."mock_id" is not null;--> statement-breakpoint
CREATE INDEX "exam_results_mock_score" ON "exam_results" USING btree ("mock_id","score") WHERE "exam_results"."mock_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open" ON "exam_attempts" USING btree ("user_id","exam_id") WHERE "exam_attempts"."submitted_at" is null and "exam_attempts"."mock_id" is null;
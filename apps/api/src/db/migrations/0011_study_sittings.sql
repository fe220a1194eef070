CREATE TABLE "learner_questions" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"exam_id" uuid,
	"topic" text NOT NULL,
	"seen" integer NOT NULL,
	"wrong" integer NOT NULL,
	"last_correct" boolean NOT NULL,
	"flagged" boolean NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learner_questions_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "question_responses" (
	"result_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"exam_id" uuid,
	"topic" text NOT NULL,
	"answered" boolean NOT NULL,
	"correct" boolean NOT NULL,
	"flagged" boolean NOT NULL,
	"choice" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_responses_result_id_question_id_pk" PRIMARY KEY("result_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ALTER COLUMN "exam_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "topics" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "seconds_per_question" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "modes" jsonb DEFAULT '["exam","timed","tutor"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "kind" text DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "practice" jsonb;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "mode" text DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "strikes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "save_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_results" ADD COLUMN "mode" text DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_results" ADD COLUMN "kind" text DEFAULT 'exam' NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_questions" ADD CONSTRAINT "learner_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_responses" ADD CONSTRAINT "question_responses_result_id_exam_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."exam_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_responses" ADD CONSTRAINT "question_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_questions_user_id_exam_id_index" ON "learner_questions" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "question_responses_question_id_index" ON "question_responses" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "question_responses_user_id_answered_at_index" ON "question_responses" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_practice" ON "exam_attempts" USING btree ("user_id") WHERE "exam_attempts"."submitted_at" is null and "exam_attempts"."kind" = 'practice';--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."submitted_at" is null and "exam_attempts"."deadline_at" is not null;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_seconds_per_question" CHECK ("exams"."seconds_per_question" between 10 and 600);
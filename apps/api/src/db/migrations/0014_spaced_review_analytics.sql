CREATE TABLE "learner_exam_stats" (
	"user_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"results" integer NOT NULL,
	"score_sum" integer NOT NULL,
	"avg_score" integer NOT NULL,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	"questions" integer NOT NULL,
	"seconds" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learner_exam_stats_user_id_exam_id_pk" PRIMARY KEY("user_id","exam_id")
);
--> statement-breakpoint
CREATE TABLE "learner_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"desired_retention" real DEFAULT 0.9 NOT NULL,
	"certainty_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_topic_stats" (
	"user_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	"seen" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learner_topic_stats_user_id_exam_id_topic_pk" PRIMARY KEY("user_id","exam_id","topic")
);
--> statement-breakpoint
CREATE TABLE "question_stats" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"choices" integer[] DEFAULT '{0,0,0,0,0,0}'::int[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_topic_scores" (
	"result_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "result_topic_scores_result_id_exam_id_topic_pk" PRIMARY KEY("result_id","exam_id","topic")
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"exam_id" uuid,
	"topic" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	"suspended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "certainties" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_results" ADD COLUMN "review_applied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_questions" ADD COLUMN "miss_tag" text;--> statement-breakpoint
ALTER TABLE "learner_questions" ADD COLUMN "last_choice" integer;--> statement-breakpoint
ALTER TABLE "question_responses" ADD COLUMN "certainty" text;--> statement-breakpoint
ALTER TABLE "question_responses" ADD COLUMN "miss_tag" text;--> statement-breakpoint
ALTER TABLE "question_responses" ADD COLUMN "rolled_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_exam_stats" ADD CONSTRAINT "learner_exam_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_preferences" ADD CONSTRAINT "learner_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_topic_stats" ADD CONSTRAINT "learner_topic_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_topic_scores" ADD CONSTRAINT "result_topic_scores_result_id_exam_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."exam_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_exam_stats_exam_id_avg_score_index" ON "learner_exam_stats" USING btree ("exam_id","avg_score");--> statement-breakpoint
CREATE INDEX "result_topic_scores_user_id_completed_at_index" ON "result_topic_scores" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "review_cards_due" ON "review_cards" USING btree ("user_id","due") WHERE not "review_cards"."suspended";--> statement-breakpoint
CREATE INDEX "exam_results_review_pending" ON "exam_results" USING btree ("completed_at") WHERE not "exam_results"."review_applied";--> statement-breakpoint
CREATE INDEX "learner_questions_question_id_index" ON "learner_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "question_responses_not_rolled_up" ON "question_responses" USING btree ("answered_at") WHERE not "question_responses"."rolled_up";--> statement-breakpoint
-- Data (decision 0035): results stored before spaced review do not schedule reviews; every result is taken
-- again by the per-question backfill job, which now also writes the analytics summaries (only what it
-- newly inserts is counted, so results already given their rows are not counted twice).
UPDATE "exam_results" SET "review_applied" = true, "responses_recorded" = false;

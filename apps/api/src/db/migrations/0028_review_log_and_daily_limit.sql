CREATE TABLE "review_log" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"due" timestamp with time zone,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_log_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "learner_preferences" ADD COLUMN "daily_limit" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_log_user_time" ON "review_log" USING btree ("user_id","reviewed_at");
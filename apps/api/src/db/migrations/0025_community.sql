CREATE TABLE "comment_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_votes" (
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"question_id" uuid,
	"article_id" uuid,
	"parent_id" uuid,
	"user_id" uuid,
	"admin_id" uuid,
	"team_name" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"moderation_action" text,
	"moderation_reason" text DEFAULT '' NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "comments_one_thread" CHECK (("comments"."question_id" is null) <> ("comments"."article_id" is null)),
	CONSTRAINT "comments_team_or_learner" CHECK (("comments"."user_id" is null) <> ("comments"."team_name" is null)),
	CONSTRAINT "comments_status" CHECK ("comments"."status" in ('visible', 'held', 'hidden', 'deleted')),
	CONSTRAINT "comments_counts" CHECK ("comments"."helpful" >= 0 and "comments"."open_reports" >= 0)
);
--> statement-breakpoint
CREATE TABLE "community_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text,
	"commenting_suspended_at" timestamp with time zone,
	"commenting_suspended_reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "community_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "community_hold_first_comments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_profiles" ADD CONSTRAINT "community_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_one_per_learner" ON "comment_reports" USING btree ("comment_id","user_id");--> statement-breakpoint
CREATE INDEX "comment_reports_open" ON "comment_reports" USING btree ("comment_id","created_at") WHERE "comment_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "comments_question_thread" ON "comments" USING btree ("question_id","helpful" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "comments"."parent_id" is null and "comments"."question_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_article_thread" ON "comments" USING btree ("article_id","helpful" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "comments"."parent_id" is null and "comments"."article_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_replies" ON "comments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_user_created" ON "comments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_held" ON "comments" USING btree ("created_at") WHERE "comments"."status" = 'held';--> statement-breakpoint
CREATE INDEX "comments_reported" ON "comments" USING btree ("created_at") WHERE "comments"."open_reports" > 0 and "comments"."status" in ('visible', 'held');--> statement-breakpoint
CREATE INDEX "comments_status_created" ON "comments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "community_profiles_display_name" ON "community_profiles" USING btree (lower("display_name"));
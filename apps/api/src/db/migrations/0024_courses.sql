CREATE TABLE "course_enrolments" (
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"certificate_id" uuid,
	CONSTRAINT "course_enrolments_course_id_user_id_pk" PRIMARY KEY("course_id","user_id"),
	CONSTRAINT "course_enrolments_certificate_id" UNIQUE("certificate_id"),
	CONSTRAINT "course_enrolments_certificate" CHECK (("course_enrolments"."completed_at" is null) = ("course_enrolments"."certificate_id" is null))
);
--> statement-breakpoint
CREATE TABLE "course_unit_reads" (
	"unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_unit_reads_unit_id_user_id_pk" PRIMARY KEY("unit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_unit_sittings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"attempt_id" uuid,
	"unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_unit_sittings_attempt" UNIQUE("attempt_id")
);
--> statement-breakpoint
CREATE TABLE "course_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"article_id" uuid,
	"exam_id" uuid,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"size" integer,
	"mode" text,
	"pass_mark" integer,
	CONSTRAINT "course_units_position" UNIQUE("course_id","position"),
	CONSTRAINT "course_units_position_non_negative" CHECK ("course_units"."position" >= 0),
	CONSTRAINT "course_units_kind_fields" CHECK (("course_units"."kind" = 'article' and "course_units"."article_id" is not null and "course_units"."exam_id" is null
          and "course_units"."size" is null and "course_units"."mode" is null and "course_units"."pass_mark" is null)
        or ("course_units"."kind" = 'practice' and "course_units"."exam_id" is not null and "course_units"."article_id" is null
          and "course_units"."size" is not null and "course_units"."mode" is not null and "course_units"."pass_mark" is null)
        or ("course_units"."kind" = 'checkpoint' and "course_units"."exam_id" is not null and "course_units"."article_id" is null
          and "course_units"."size" is null and "course_units"."mode" is null and "course_units"."pass_mark" is not null)),
	CONSTRAINT "course_units_mode" CHECK ("course_units"."mode" is null or "course_units"."mode" in ('exam', 'timed', 'tutor')),
	CONSTRAINT "course_units_pass_mark" CHECK ("course_units"."pass_mark" is null or "course_units"."pass_mark" between 1 and 100),
	CONSTRAINT "course_units_size" CHECK ("course_units"."size" is null or "course_units"."size" >= 1)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"cover_image" text,
	"cover_image_alt" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "courses_category" CHECK ("courses"."category" in ('medical', 'nursing', 'pharmacy', 'other')),
	CONSTRAINT "courses_status" CHECK ("courses"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_reads" ADD CONSTRAINT "course_unit_reads_unit_id_course_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."course_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_reads" ADD CONSTRAINT "course_unit_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_sittings" ADD CONSTRAINT "course_unit_sittings_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE set null;--> statement-breakpoint
ALTER TABLE "course_unit_sittings" ADD CONSTRAINT "course_unit_sittings_unit_id_course_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."course_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_unit_sittings" ADD CONSTRAINT "course_unit_sittings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_units" ADD CONSTRAINT "course_units_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_units" ADD CONSTRAINT "course_units_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_units" ADD CONSTRAINT "course_units_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_cover_image_media_hash_fk" FOREIGN KEY ("cover_image") REFERENCES "public"."media"("hash") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_enrolments_user" ON "course_enrolments" USING btree ("user_id","enrolled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_unit_sittings_user_unit" ON "course_unit_sittings" USING btree ("user_id","unit_id");--> statement-breakpoint
CREATE INDEX "course_units_article" ON "course_units" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "course_units_exam" ON "course_units" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "courses_status_created" ON "courses" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "courses_search_trgm" ON "courses" USING gin (lower("title" || ' ' || "summary") gin_trgm_ops);
CREATE TABLE "exam_score_bins" (
	"exam_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "exam_score_bins_exam_id_score_pk" PRIMARY KEY("exam_id","score")
);
--> statement-breakpoint
CREATE TABLE "exam_score_stats" (
	"exam_id" uuid PRIMARY KEY NOT NULL,
	"results" integer NOT NULL,
	"sum_questions" integer NOT NULL,
	"sum_t" double precision NOT NULL,
	"sum_tt" double precision NOT NULL,
	"sum_s" double precision NOT NULL,
	"sum_ss" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_band_stats" (
	"exam_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"band" smallint NOT NULL,
	"n" integer NOT NULL,
	"correct" integer NOT NULL,
	"sum_y" double precision NOT NULL,
	"sum_yy" double precision NOT NULL,
	"sum_xy" double precision NOT NULL,
	"skipped" integer NOT NULL,
	"c0" integer NOT NULL,
	"c1" integer NOT NULL,
	"c2" integer NOT NULL,
	"c3" integer NOT NULL,
	"c4" integer NOT NULL,
	"c5" integer NOT NULL,
	CONSTRAINT "item_band_stats_exam_id_question_id_band_pk" PRIMARY KEY("exam_id","question_id","band")
);
--> statement-breakpoint
ALTER TABLE "exam_results" ADD COLUMN "item_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_score_bins" ADD CONSTRAINT "exam_score_bins_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_score_stats" ADD CONSTRAINT "exam_score_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_band_stats" ADD CONSTRAINT "item_band_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_band_stats" ADD CONSTRAINT "item_band_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_results_items_pending" ON "exam_results" USING btree ("exam_id") WHERE not "exam_results"."item_counted" and "exam_results"."kind" = 'exam';
ALTER TABLE "learner_exam_stats" ADD COLUMN "trend" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_topic_stats" ADD COLUMN "trend" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The trends the analytics read used to compute per request, kept from now on by the statement that stores
-- each result: filled here once from the results already stored (the latest 50 sittings per exam, 20
-- results per topic; times in milliseconds since 1970, sub-millisecond digits dropped as a JS Date drops them).
UPDATE "learner_exam_stats" s SET "trend" = coalesce((
  SELECT jsonb_agg(jsonb_build_array(t.at, t.score) ORDER BY t.completed_at)
  FROM (
    SELECT floor(extract(epoch FROM r.completed_at) * 1000)::bigint AS at, r.score, r.completed_at
    FROM "exam_results" r
    WHERE r.user_id = s.user_id AND r.exam_id = s.exam_id AND r.kind = 'exam'
    ORDER BY r.completed_at DESC LIMIT 50
  ) t
), '[]'::jsonb);--> statement-breakpoint
UPDATE "learner_topic_stats" s SET "trend" = coalesce((
  SELECT jsonb_agg(jsonb_build_array(t.at, t.correct, t.total) ORDER BY t.completed_at)
  FROM (
    SELECT floor(extract(epoch FROM r.completed_at) * 1000)::bigint AS at, r.correct, r.total, r.completed_at
    FROM "result_topic_scores" r
    WHERE r.user_id = s.user_id AND r.exam_id = s.exam_id AND r.topic = s.topic
    ORDER BY r.completed_at DESC NULLS LAST LIMIT 20
  ) t
), '[]'::jsonb);--> statement-breakpoint
DROP INDEX "result_topic_scores_trend";

DROP INDEX "result_topic_scores_user_id_completed_at_index";--> statement-breakpoint
CREATE INDEX "result_topic_scores_trend" ON "result_topic_scores" USING btree ("user_id","exam_id","topic","completed_at" DESC NULLS LAST,"correct","total");--> statement-breakpoint
CREATE INDEX "review_cards_suspended" ON "review_cards" USING btree ("user_id") WHERE "review_cards"."suspended";
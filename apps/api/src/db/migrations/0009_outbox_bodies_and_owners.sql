-- Data only (no schema change). Mail already sent or given up kept its body, with the plain
-- reset or verification token in it: the body goes, the row's metadata stays (as the worker now does).
-- Rows written before 0007 name no learner, so deleting an account left them behind: tie them to their
-- learner by address, and delete those whose learner is gone.
UPDATE "mail_outbox" SET "user_id" = "users"."id"
FROM "users"
WHERE "mail_outbox"."user_id" IS NULL AND "users"."email" = "mail_outbox"."to_address";
--> statement-breakpoint
DELETE FROM "mail_outbox" WHERE "user_id" IS NULL;
--> statement-breakpoint
UPDATE "mail_outbox"
SET "text_body" = '[removed once the mail was sent or given up]',
    "html_body" = '[removed once the mail was sent or given up]'
WHERE "status" <> 'pending';

-- Administrator roles (decision 0067): every administrator before roles could do everything, so each
-- becomes an Owner; a new administrator is an Editor unless a role is chosen.
UPDATE "admins" SET "role" = 'owner' WHERE "role" NOT IN ('owner', 'editor', 'support', 'finance');--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "role" SET DEFAULT 'editor';--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_known" CHECK ("admins"."role" in ('owner', 'editor', 'support', 'finance'));

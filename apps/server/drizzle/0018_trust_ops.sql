-- A flood of refusals or failed logins from one source is one row per minute with a count: the
-- key (action, who, source, minute) is unique while it is set; rows of single events leave it null.
ALTER TABLE "audit_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "flood_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_flood_key" ON "audit_log" USING btree ("flood_key") WHERE "flood_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action", "id");
--> statement-breakpoint
-- Wrong second factors at login, counted per operator over all addresses, in the database so every
-- API process sees one count; past the limit the operator is locked until the owner lifts it.
ALTER TABLE "operators" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_failures_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "locked_at" timestamp with time zone;
--> statement-breakpoint
-- What an operator sees of their sessions; `second_factor`: the login used the authenticator app
-- (sessions without it end when the team's rule starts requiring it).
ALTER TABLE "admin_tokens" ADD COLUMN "source" text;
--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "user_agent" text;
--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;

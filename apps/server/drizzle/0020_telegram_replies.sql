-- The bot's replies go through a queue of their own, one row per chat: the answer waiting to be sent
-- (a newer one replaces it, so a flooding chat gets one reply per few seconds), retried after a 429's
-- retry_after, and counted with the notices against Telegram's rate limits.
CREATE TABLE "telegram_replies" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"text" text,
	"version" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "telegram_replies_due_idx" ON "telegram_replies" USING btree ("next_attempt_at") WHERE "telegram_replies"."text" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "telegram_replies_claimed_idx" ON "telegram_replies" USING btree ("claimed_at");

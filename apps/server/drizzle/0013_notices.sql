CREATE TABLE "notice_contacts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"language" text,
	"telegram_chat_id" bigint,
	"telegram_linked_at" timestamp with time zone,
	"email" text,
	"email_token_hash" text,
	"email_token_expires_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"email_topics" text[] DEFAULT ARRAY['expiry', 'renewal', 'payment', 'replacement']::text[] NOT NULL,
	CONSTRAINT "notice_contacts_telegram_chat_id_unique" UNIQUE("telegram_chat_id"),
	CONSTRAINT "notice_contacts_email_token_hash_unique" UNIQUE("email_token_hash"),
	CONSTRAINT "notice_contacts_confirmed_has_email" CHECK ("notice_contacts"."email_confirmed_at" IS NULL OR "notice_contacts"."email" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_poller" (
	"id" integer PRIMARY KEY NOT NULL,
	"update_offset" bigint DEFAULT 0 NOT NULL,
	"owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"event_key" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"address" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notices_channel_known" CHECK ("notices"."channel" IN ('telegram', 'email')),
	CONSTRAINT "notices_status_known" CHECK ("notices"."status" IN ('waiting', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "notice_contacts" ADD CONSTRAINT "notice_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "telegram_link_codes_user_idx" ON "telegram_link_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "notices_user_event_channel" ON "notices" USING btree ("user_id","event_key","channel");
--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("next_attempt_at") WHERE "notices"."status" = 'waiting';
--> statement-breakpoint
CREATE INDEX "notices_claimed_idx" ON "notices" USING btree ("channel","claimed_at");
--> statement-breakpoint
INSERT INTO "telegram_poller" ("id") VALUES (1);

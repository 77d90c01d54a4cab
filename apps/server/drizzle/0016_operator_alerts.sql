CREATE TABLE "operator_chats" (
	"operator_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_chats_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
CREATE TABLE "operator_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_alert_state" (
	"kind" text PRIMARY KEY NOT NULL,
	"episode" bigint DEFAULT 0 NOT NULL,
	"raised" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_alert_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_alert_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"chat_id" bigint,
	"claimed_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "operator_alert_notices_status_known" CHECK ("operator_alert_notices"."status" IN ('waiting', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "operator_chats" ADD CONSTRAINT "operator_chats_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "operator_link_codes" ADD CONSTRAINT "operator_link_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "operator_alert_notices" ADD CONSTRAINT "operator_alert_notices_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "operator_link_codes_operator_idx" ON "operator_link_codes" USING btree ("operator_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alert_notices_operator_event" ON "operator_alert_notices" USING btree ("operator_id","event_key");
--> statement-breakpoint
CREATE INDEX "operator_alert_notices_due_idx" ON "operator_alert_notices" USING btree ("next_attempt_at") WHERE "operator_alert_notices"."status" = 'waiting';
--> statement-breakpoint
CREATE INDEX "operator_alert_notices_claimed_idx" ON "operator_alert_notices" USING btree ("claimed_at");

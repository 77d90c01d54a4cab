CREATE TABLE "admin_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "admin_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "catalogue_state_single_row" CHECK ("catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"order_id" bigint,
	"rental_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_balance_not_negative" CHECK ("ledger_entries"."balance_after_cents" >= 0),
	CONSTRAINT "ledger_entries_kind_known" CHECK ("ledger_entries"."kind" IN ('deposit', 'giftcard', 'purchase', 'extension', 'refund', 'referral_reward', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proxies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"protocol" text NOT NULL,
	"type" text NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"isp" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"fraud_score" integer NOT NULL,
	"upstream" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_unavailable_at" timestamp with time zone,
	CONSTRAINT "proxies_port_range" CHECK ("proxies"."port" BETWEEN 1 AND 65535),
	CONSTRAINT "proxies_fraud_score_range" CHECK ("proxies"."fraud_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "rental_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rental_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"hours" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rental_orders_kind" CHECK ("rental_orders"."kind" IN ('purchase', 'extension')),
	CONSTRAINT "rental_orders_amount_positive" CHECK ("rental_orders"."amount_cents" > 0),
	CONSTRAINT "rental_orders_hours_positive" CHECK ("rental_orders"."hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "rentals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rentals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"proxy_id" bigint NOT NULL,
	"status" text NOT NULL,
	"hours" integer NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone,
	"end_time" timestamp with time zone NOT NULL,
	"unavailable_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"check_lease_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rentals_username_unique" UNIQUE("username"),
	CONSTRAINT "rentals_status_known" CHECK ("rentals"."status" IN ('waiting_up', 'processing', 'in_process', 'connected', 'ready', 'expired', 'refunded')),
	CONSTRAINT "rentals_hours_positive" CHECK ("rentals"."hours" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_rental_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."rental_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_orders" ADD CONSTRAINT "rental_orders_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_order_once" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_once" ON "ledger_entries" USING btree ("rental_id") WHERE "ledger_entries"."kind" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_ip_port_unique" ON "proxies" USING btree ("ip","port");--> statement-breakpoint
CREATE INDEX "rental_orders_rental_idx" ON "rental_orders" USING btree ("rental_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rentals_one_holder_per_proxy" ON "rentals" USING btree ("proxy_id") WHERE "rentals"."status" IN ('waiting_up', 'processing', 'in_process', 'connected', 'ready');--> statement-breakpoint
CREATE INDEX "rentals_user_idx" ON "rentals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rentals_status_end_idx" ON "rentals" USING btree ("status","end_time");--> statement-breakpoint
INSERT INTO "catalogue_state" ("id", "version", "salt") VALUES (1, 1, substr(md5(random()::text || clock_timestamp()::text), 1, 8)) ON CONFLICT ("id") DO NOTHING;

CREATE TABLE "giftcards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "giftcards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_by" bigint,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "giftcards_code_unique" UNIQUE("code"),
	CONSTRAINT "giftcards_amount_positive" CHECK ("giftcards"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"credited_cents" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"check_lease_until" timestamp with time zone,
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" IN ('pending', 'paid', 'fail')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "giftcard_id" bigint;--> statement-breakpoint
ALTER TABLE "giftcards" ADD CONSTRAINT "giftcards_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_unique" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_giftcard_id_giftcards_id_fk" FOREIGN KEY ("giftcard_id") REFERENCES "public"."giftcards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_deposit_once" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."kind" = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_referral_reward_once" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."kind" = 'referral_reward';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_giftcard_once" ON "ledger_entries" USING btree ("giftcard_id");
CREATE TABLE "operators" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"role" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"lookup" text,
	"secret_hash" text,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "operators_lookup_unique" UNIQUE("lookup"),
	CONSTRAINT "operators_role_known" CHECK ("operators"."role" IN ('owner', 'manager', 'finance', 'support')),
	CONSTRAINT "operators_secret_or_builtin" CHECK ("operators"."builtin" OR ("operators"."secret_hash" IS NOT NULL AND "operators"."lookup" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operators_one_builtin" ON "operators" USING btree ("builtin") WHERE "operators"."builtin";--> statement-breakpoint
CREATE UNIQUE INDEX "operators_active_name" ON "operators" USING btree (lower("name")) WHERE "operators"."removed_at" IS NULL;--> statement-breakpoint
INSERT INTO "operators" ("name", "role", "builtin", "created_at") VALUES ('owner', 'owner', true, now());--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_codes_hash" ON "operator_recovery_codes" USING btree ("operator_id","code_hash");--> statement-breakpoint
CREATE TABLE "operator_policy" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"totp_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "operator_policy_single_row" CHECK ("operator_policy"."id")
);
--> statement-breakpoint
INSERT INTO "operator_policy" ("id", "totp_required") VALUES (true, false);--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD COLUMN "operator_id" bigint;--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD CONSTRAINT "admin_tokens_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_tokens_operator_idx" ON "admin_tokens" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "operator_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "operator_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator_id","id");

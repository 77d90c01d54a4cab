CREATE TABLE "ipqs_cache" (
	"ip" text PRIMARY KEY NOT NULL,
	"fraud_score" integer NOT NULL,
	"type" text,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipqs_usage" (
	"month" text PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "proxies_ip_port_unique";--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "discovery" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "exit_ip" text;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "exit_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "discovery_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "proxies_upstream_idx" ON "proxies" USING btree ("upstream");--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_ip_port_unique" ON "proxies" USING btree ("ip","port") WHERE ("proxies"."sources" ->> 'ip') IS NULL OR ("proxies"."sources" ->> 'ip') = 'operator';--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_discovery_known" CHECK ("proxies"."discovery" IN ('checking', 'failed', 'listed', 'unhealthy'));
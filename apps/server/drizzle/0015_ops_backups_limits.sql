-- A proxy's own cap on one rental's concurrent gateway connections; NULL: RENTAL_MAX_CONNECTIONS,
-- 0: unlimited.
ALTER TABLE "proxies" ADD COLUMN "max_connections" integer;
--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_max_connections_range" CHECK ("max_connections" BETWEEN 0 AND 100000);
--> statement-breakpoint
-- Gateways reload a proxy's rentals when its cap changes, as when it is enabled or disabled.
DROP TRIGGER IF EXISTS proxies_access_changed ON proxies;
--> statement-breakpoint
CREATE TRIGGER proxies_access_changed AFTER UPDATE ON proxies
  FOR EACH ROW
  WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.upstream IS DISTINCT FROM NEW.upstream
    OR OLD.max_connections IS DISTINCT FROM NEW.max_connections)
  EXECUTE FUNCTION notify_proxy_access();
--> statement-breakpoint
-- Scheduled backups: one row per attempt. A row is claimed (`running`) by one process at a time.
CREATE TABLE "backup_runs" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "started_at" timestamp with time zone NOT NULL,
  "finished_at" timestamp with time zone,
  "status" text NOT NULL,
  "lease_until" timestamp with time zone,
  "file" text,
  "size_bytes" bigint,
  "tables" integer,
  "rows" integer,
  "error" text,
  CONSTRAINT "backup_runs_status" CHECK ("status" IN ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running" ON "backup_runs" ("status") WHERE "status" = 'running';
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" ("started_at");
--> statement-breakpoint
-- Gateway processes say they are alive; a row not renewed in time is a gateway gone.
CREATE TABLE "gateway_heartbeats" (
  "id" text PRIMARY KEY,
  "started_at" timestamp with time zone NOT NULL,
  "seen_at" timestamp with time zone NOT NULL
);

-- The many-addresses rule: a proxy's own limit on the client addresses one rental may be used
-- from within the window; NULL: RENTAL_MAX_SOURCE_IPS, 0: unlimited.
ALTER TABLE "proxies" ADD COLUMN "max_source_ips" integer;
--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_max_source_ips_range" CHECK ("max_source_ips" BETWEEN 0 AND 100000);
--> statement-breakpoint
-- Gateways reload a proxy's rentals when its address limit changes, as for its connection cap.
DROP TRIGGER IF EXISTS proxies_access_changed ON proxies;
--> statement-breakpoint
CREATE TRIGGER proxies_access_changed AFTER UPDATE ON proxies
  FOR EACH ROW
  WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.upstream IS DISTINCT FROM NEW.upstream
    OR OLD.max_connections IS DISTINCT FROM NEW.max_connections
    OR OLD.max_source_ips IS DISTINCT FROM NEW.max_source_ips)
  EXECUTE FUNCTION notify_proxy_access();
--> statement-breakpoint
-- The client addresses (IPv6 by /64) that used a rental, one row each: every gateway process
-- admits a new one only under a lock on the rental's row, so the limit holds across processes.
CREATE TABLE "rental_sources" (
  "rental_id" bigint NOT NULL REFERENCES "rentals"("id") ON DELETE CASCADE,
  "source" text NOT NULL,
  "first_seen" timestamp with time zone NOT NULL,
  "last_seen" timestamp with time zone NOT NULL,
  PRIMARY KEY ("rental_id", "source")
);

CREATE TABLE "node_probes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"node_id" bigint NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "node_probes" ADD CONSTRAINT "node_probes_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "node_probes_created_idx" ON "node_probes" USING btree ("created_at");--> statement-breakpoint
-- The process holding the node's stream hears of a new probe at once (payload: node id, probe id).
CREATE OR REPLACE FUNCTION notify_node_probe() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('node_probe', NEW.node_id::text || ':' || NEW.id::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER node_probes_inserted AFTER INSERT ON node_probes
  FOR EACH ROW EXECUTE FUNCTION notify_node_probe();
--> statement-breakpoint
-- A proxy moved to another node (or back to the shop's own gateway): the streams of both nodes
-- must learn of its rentals, one to drop them, the other to serve them.
DROP TRIGGER IF EXISTS proxies_access_changed ON proxies;
--> statement-breakpoint
CREATE TRIGGER proxies_access_changed AFTER UPDATE ON proxies
  FOR EACH ROW
  WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.upstream IS DISTINCT FROM NEW.upstream
    OR OLD.max_connections IS DISTINCT FROM NEW.max_connections
    OR OLD.max_source_ips IS DISTINCT FROM NEW.max_source_ips
    OR OLD.node_id IS DISTINCT FROM NEW.node_id)
  EXECUTE FUNCTION notify_proxy_access();

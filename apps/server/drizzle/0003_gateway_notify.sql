-- Gateway processes keep rental credentials in memory; these notifications tell every process
-- (LISTEN) when a rental's access or its proxy changes, once the change commits.
CREATE OR REPLACE FUNCTION notify_rental_access() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('rental_access', NEW.username);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rentals_access_inserted AFTER INSERT ON rentals
  FOR EACH ROW EXECUTE FUNCTION notify_rental_access();
--> statement-breakpoint
CREATE TRIGGER rentals_access_changed AFTER UPDATE ON rentals
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.end_time IS DISTINCT FROM NEW.end_time
    OR OLD.password IS DISTINCT FROM NEW.password)
  EXECUTE FUNCTION notify_rental_access();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_proxy_access() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('proxy_access', NEW.id::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER proxies_access_changed AFTER UPDATE ON proxies
  FOR EACH ROW
  WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.upstream IS DISTINCT FROM NEW.upstream)
  EXECUTE FUNCTION notify_proxy_access();

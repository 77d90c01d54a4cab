-- The history now shows whether a rented proxy works (disabled by the operator, failing its
-- checks) and whether a refund is due, so what feeds those must reach every process's cached
-- history at commit: a rental's unavailable_at (set once, from null, by a failed check) and the
-- proxy's enabled flag, discovery state and whether failing_since is set (not its every tick).
CREATE OR REPLACE FUNCTION notify_history_of_rental() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- The health checker's lease is not shown: skip updates that change only it.
    IF to_jsonb(OLD) - 'check_lease_until' = to_jsonb(NEW) - 'check_lease_until' THEN
      RETURN NEW;
    END IF;
    IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('history_changed', OLD.user_id::text);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('history_changed', OLD.user_id::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('history_changed', NEW.user_id::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS proxies_history_changed ON proxies;
--> statement-breakpoint
CREATE TRIGGER proxies_history_changed AFTER UPDATE ON proxies
  FOR EACH ROW
  WHEN (OLD.ip IS DISTINCT FROM NEW.ip
    OR OLD.country IS DISTINCT FROM NEW.country
    OR OLD.region IS DISTINCT FROM NEW.region
    OR OLD.city IS DISTINCT FROM NEW.city
    OR OLD.isp IS DISTINCT FROM NEW.isp
    OR OLD.zip IS DISTINCT FROM NEW.zip
    OR OLD.fraud_score IS DISTINCT FROM NEW.fraud_score
    OR OLD.protocol IS DISTINCT FROM NEW.protocol
    OR OLD.exit_ip IS DISTINCT FROM NEW.exit_ip
    OR OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.discovery IS DISTINCT FROM NEW.discovery
    OR (OLD.failing_since IS NULL) IS DISTINCT FROM (NEW.failing_since IS NULL))
  EXECUTE FUNCTION notify_history_of_proxy();

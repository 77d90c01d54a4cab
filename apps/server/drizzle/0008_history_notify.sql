-- API processes keep each customer's history answer in memory; these notifications
-- tell every process (LISTEN) at commit that what a history shows changed, whoever wrote it:
-- the API, the jobs, the gateway's metering, the operator's console or the command line.
-- A trigger rather than calls in application code, so a writer added later cannot forget it.
CREATE OR REPLACE FUNCTION notify_history_of_rental() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- The health checker's bookkeeping is not shown: skip updates that change only it.
    IF to_jsonb(OLD) - 'check_lease_until' - 'unavailable_at'
       = to_jsonb(NEW) - 'check_lease_until' - 'unavailable_at' THEN
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
CREATE TRIGGER rentals_history_changed AFTER INSERT OR UPDATE OR DELETE ON rentals
  FOR EACH ROW EXECUTE FUNCTION notify_history_of_rental();
--> statement-breakpoint
-- The history's renew_hours is the hours of the rental's latest order.
CREATE OR REPLACE FUNCTION notify_history_of_order() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('history_changed', r.user_id::text)
    FROM rentals r WHERE r.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.rental_id ELSE NEW.rental_id END;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rental_orders_history_changed AFTER INSERT OR UPDATE OR DELETE ON rental_orders
  FOR EACH ROW EXECUTE FUNCTION notify_history_of_order();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_history_of_proxy() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('history_proxy_changed', NEW.id::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
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
    OR OLD.protocol IS DISTINCT FROM NEW.protocol)
  EXECUTE FUNCTION notify_history_of_proxy();

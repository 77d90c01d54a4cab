-- History rows carry ip_auth, which lives in rental_ip_auth, not in rentals: without
-- this, a history cached by another API process (0008) would keep an old list or port.
CREATE OR REPLACE FUNCTION notify_history_of_ip_auth() RETURNS trigger AS $$
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
CREATE TRIGGER rental_ip_auth_history_changed AFTER INSERT OR UPDATE OR DELETE ON rental_ip_auth
  FOR EACH ROW EXECUTE FUNCTION notify_history_of_ip_auth();

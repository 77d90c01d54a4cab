CREATE TABLE "rental_ip_auth" (
	"port" integer PRIMARY KEY NOT NULL,
	"rental_id" bigint NOT NULL,
	"ips" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rental_ip_auth_rental_id_unique" UNIQUE("rental_id"),
	CONSTRAINT "rental_ip_auth_port_valid" CHECK ("rental_ip_auth"."port" BETWEEN 1 AND 65535)
);
--> statement-breakpoint
ALTER TABLE "rental_ip_auth" ADD CONSTRAINT "rental_ip_auth_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The port goes back to the pool wherever a rental stops holding its proxy (expiry job, refund,
-- operator): one trigger instead of a call in every path that ends a rental.
CREATE OR REPLACE FUNCTION release_rental_ip_auth() RETURNS trigger AS $$
BEGIN
  DELETE FROM rental_ip_auth WHERE rental_id = NEW.id;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rentals_release_ip_auth AFTER UPDATE OF status ON rentals
  FOR EACH ROW
  WHEN (NEW.status NOT IN ('waiting_up', 'processing', 'in_process', 'connected', 'ready'))
  EXECUTE FUNCTION release_rental_ip_auth();
--> statement-breakpoint
-- Every gateway process opens and closes its listeners from these notifications (payload: the port).
CREATE OR REPLACE FUNCTION notify_rental_ip_auth() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('rental_ip_auth', OLD.port::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('rental_ip_auth', NEW.port::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rental_ip_auth_changed AFTER INSERT OR UPDATE OR DELETE ON rental_ip_auth
  FOR EACH ROW EXECUTE FUNCTION notify_rental_ip_auth();

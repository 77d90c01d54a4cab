CREATE TABLE "proxy_replacements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proxy_replacements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"rental_id" bigint NOT NULL,
	"old_proxy_id" bigint NOT NULL,
	"new_proxy_id" bigint NOT NULL,
	"reason" text,
	"automatic" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "proxy_replacements_moves" CHECK ("proxy_replacements"."old_proxy_id" <> "proxy_replacements"."new_proxy_id")
);
--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_old_proxy_id_proxies_id_fk" FOREIGN KEY ("old_proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_replacements" ADD CONSTRAINT "proxy_replacements_new_proxy_id_proxies_id_fk" FOREIGN KEY ("new_proxy_id") REFERENCES "public"."proxies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proxy_replacements_rental_idx" ON "proxy_replacements" USING btree ("rental_id","created_at");--> statement-breakpoint
CREATE INDEX "proxy_replacements_created_idx" ON "proxy_replacements" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
-- Proxies whose last check failed: the streak began no later than that failure.
UPDATE "proxies" SET "failing_since" = "last_unavailable_at"
  WHERE "last_unavailable_at" IS NOT NULL AND "last_unavailable_at" >= "last_checked_at";
--> statement-breakpoint
-- A replacement changes a rental's proxy: every gateway process must reload the rental (its new
-- upstream) and close what was open through the old one.
DROP TRIGGER IF EXISTS rentals_access_changed ON rentals;
--> statement-breakpoint
CREATE TRIGGER rentals_access_changed AFTER UPDATE ON rentals
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.end_time IS DISTINCT FROM NEW.end_time
    OR OLD.password IS DISTINCT FROM NEW.password
    OR OLD.proxy_id IS DISTINCT FROM NEW.proxy_id)
  EXECUTE FUNCTION notify_rental_access();
--> statement-breakpoint
-- History rows show the exit IP now, so a new exit must reach cached histories too.
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
    OR OLD.exit_ip IS DISTINCT FROM NEW.exit_ip)
  EXECUTE FUNCTION notify_history_of_proxy();

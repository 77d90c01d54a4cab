-- Every API process keeps the catalogue's version (sumid) and the news in memory; these tell
-- them, at commit, that what they hold changed. The catalogue's payload is the new sumid itself,
-- so a process learns it without a query.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', NEW.salt || '-' || NEW.version::text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalogue_state_changed AFTER UPDATE ON catalogue_state
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_news_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('news_changed', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER news_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news
  FOR EACH STATEMENT EXECUTE FUNCTION notify_news_changed();

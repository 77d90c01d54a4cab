-- Health checks and replacements ask which rentals on an upstream were busy within the last
-- minute: the few rows seen lately, out of one row for every rental ever active.
CREATE INDEX "rental_activity_seen_at_idx" ON "rental_activity" USING btree ("seen_at");

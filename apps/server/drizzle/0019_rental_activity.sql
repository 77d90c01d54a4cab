-- What the gateway processes saw of each rental's traffic: the last time one of them saw the
-- rental hold an open tunnel or receive bytes through its upstream. The API reads it so that a
-- check the customer's own load can fail (an upstream that takes few clients at a time) neither
-- replaces nor refunds a proxy that is carrying the customer's bytes. A table of its own: the
-- rentals table's triggers would announce every renewal to the gateways and history caches.
CREATE TABLE "rental_activity" (
  "rental_id" bigint PRIMARY KEY NOT NULL REFERENCES "rentals"("id") ON DELETE CASCADE,
  "seen_at" timestamp with time zone NOT NULL
);

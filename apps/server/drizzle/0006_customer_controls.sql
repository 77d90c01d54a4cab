CREATE TABLE "export_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"format" text,
	"template" text,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "export_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "export_links_format_or_template" CHECK (("export_links"."format" IS NULL) <> ("export_links"."template" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "rental_usage" (
	"rental_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rental_usage_rental_id_hour_pk" PRIMARY KEY("rental_id","hour")
);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "renew_failure" text;--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_usage" ADD CONSTRAINT "rental_usage_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_links_user_idx" ON "export_links" USING btree ("user_id");
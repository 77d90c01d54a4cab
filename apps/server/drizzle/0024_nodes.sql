CREATE TABLE "node_usage_batches" (
	"node_id" bigint NOT NULL,
	"batch" bigint NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "node_usage_batches_node_id_batch_pk" PRIMARY KEY("node_id","batch")
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"host" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"version" text,
	"socks_port" integer,
	"http_port" integer,
	"tls_port" integer,
	"open_connections" integer DEFAULT 0 NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"offline_alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proxies" ADD COLUMN "node_id" bigint;--> statement-breakpoint
ALTER TABLE "node_usage_batches" ADD CONSTRAINT "node_usage_batches_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "node_usage_batches_applied_idx" ON "node_usage_batches" USING btree ("applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_token_hash_unique" ON "nodes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_name_live_unique" ON "nodes" USING btree ("name") WHERE "nodes"."revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proxies_node_idx" ON "proxies" USING btree ("node_id");
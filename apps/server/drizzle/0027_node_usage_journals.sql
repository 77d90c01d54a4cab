ALTER TABLE "node_usage_batches" DROP CONSTRAINT "node_usage_batches_node_id_batch_pk";--> statement-breakpoint
ALTER TABLE "node_usage_batches" ADD COLUMN "journal" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "node_usage_batches" ADD CONSTRAINT "node_usage_batches_node_id_journal_batch_pk" PRIMARY KEY("node_id","journal","batch");

ALTER TABLE "coverage_items" ADD CONSTRAINT "coverage_items_kind_check" CHECK ("coverage_items"."kind" IN ('verbatim', 'earned', 'unverified'));--> statement-breakpoint
ALTER TABLE "coverage_items" ADD CONSTRAINT "coverage_items_source_check" CHECK ("coverage_items"."source" IN ('feed', 'manual'));--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" IN ('access', 'erasure'));--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" IN ('open', 'done'));--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_kind_check" CHECK ("document_sequences"."kind" IN ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" IN ('invoice', 'credit_note'));
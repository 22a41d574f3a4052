ALTER TABLE "payments" ADD COLUMN "receipt_seq" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "balance_after" integer;
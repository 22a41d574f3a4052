ALTER TABLE "billing_profiles" ADD COLUMN "legal_name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT '' NOT NULL;
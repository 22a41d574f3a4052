ALTER TABLE "deliveries" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_email_idx" ON "deliveries" USING btree ("email");--> statement-breakpoint
UPDATE "deliveries" SET "last_attempt_at" = "sent_at" WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
UPDATE "deliveries" SET "smtp_response" = "last_error" WHERE "sent_at" IS NULL AND "last_error" IS NOT NULL;

ALTER TABLE "attachments" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "language" text DEFAULT 'english' NOT NULL;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "translation" jsonb;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "bilingual_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Deliveries of releases sent before versions existed were sent in their release's one language.
UPDATE "deliveries" d SET "language" = pr."language" FROM "press_releases" pr WHERE pr."id" = d."release_id" AND pr."language" <> 'english';

CREATE TABLE "attachment_blobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "blob_id" uuid;--> statement-breakpoint
-- Existing files move into one blob per account and content; every copy of a file points at it.
INSERT INTO "attachment_blobs" ("user_id", "sha256", "size", "content")
SELECT DISTINCT ON (r."user_id", a."sha256") r."user_id", a."sha256", a."size", a."content"
FROM "attachments" a JOIN "press_releases" r ON r."id" = a."release_id"
ORDER BY r."user_id", a."sha256";--> statement-breakpoint
UPDATE "attachments" a SET "blob_id" = b."id"
FROM "press_releases" r, "attachment_blobs" b
WHERE r."id" = a."release_id" AND b."user_id" = r."user_id" AND b."sha256" = a."sha256";--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "blob_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attachment_blobs" ADD CONSTRAINT "attachment_blobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_blobs_user_sha256_key" ON "attachment_blobs" USING btree ("user_id","sha256");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_blob_id_attachment_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."attachment_blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_blob_idx" ON "attachments" USING btree ("blob_id");--> statement-breakpoint
ALTER TABLE "attachments" DROP COLUMN "content";
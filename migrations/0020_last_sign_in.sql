ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Accounts from before the column: whoever holds a session or has written a release has signed in before.
UPDATE "users" SET "last_sign_in_at" = "created_at" WHERE EXISTS (SELECT 1 FROM "sessions" s WHERE s."user_id" = "users"."id") OR EXISTS (SELECT 1 FROM "press_releases" p WHERE p."user_id" = "users"."id");

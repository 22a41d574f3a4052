-- The newsroom is the brand's (decision 022). A newsroom given to a workspace after 0023 copied it to the
-- workspace's own brand (same id) is carried over before the workspace's columns go.
UPDATE "brands" b SET "newsroom_slug" = w."newsroom_slug", "newsroom_enabled" = w."newsroom_enabled"
FROM "workspaces" w WHERE b."id" = w."id" AND b."newsroom_slug" IS NULL AND w."newsroom_slug" IS NOT NULL;--> statement-breakpoint
DROP INDEX "workspaces_newsroom_slug_key";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "newsroom_slug";--> statement-breakpoint
ALTER TABLE "workspaces" DROP COLUMN "newsroom_enabled";

-- Issue 39: the columns that hold a brand are brand_id. Renamed in place (rows, index and constraints kept);
-- the index and constraints take the names drizzle gives them from the new column.
ALTER TABLE "company_unsubscribes" RENAME COLUMN "company_id" TO "brand_id";--> statement-breakpoint
ALTER TABLE "newsroom_followers" RENAME COLUMN "company_id" TO "brand_id";--> statement-breakpoint
ALTER TABLE "company_unsubscribes" RENAME CONSTRAINT "company_unsubscribes_company_id_brands_id_fk" TO "company_unsubscribes_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "newsroom_followers" RENAME CONSTRAINT "newsroom_followers_company_id_brands_id_fk" TO "newsroom_followers_brand_id_brands_id_fk";--> statement-breakpoint
ALTER TABLE "company_unsubscribes" RENAME CONSTRAINT "company_unsubscribes_company_id_email_pk" TO "company_unsubscribes_brand_id_email_pk";--> statement-breakpoint
ALTER INDEX "newsroom_followers_company_email_key" RENAME TO "newsroom_followers_brand_email_key";

ALTER TABLE "attachment_blobs" DROP CONSTRAINT "attachment_blobs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "company_unsubscribes" DROP CONSTRAINT "company_unsubscribes_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" DROP CONSTRAINT "demo_payment_intents_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "newsroom_followers" DROP CONSTRAINT "newsroom_followers_company_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "press_releases" DROP CONSTRAINT "press_releases_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_lists" DROP CONSTRAINT "user_lists_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "attachment_blobs_user_sha256_key";--> statement-breakpoint
DROP INDEX "payments_user_idx";--> statement-breakpoint
DROP INDEX "press_releases_user_idx";--> statement-breakpoint
DROP INDEX "user_lists_user_idx";--> statement-breakpoint
DROP INDEX "users_newsroom_slug_key";--> statement-breakpoint
ALTER TABLE "attachment_blobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "press_releases" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_lists" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD CONSTRAINT "company_unsubscribes_company_id_workspaces_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_followers" ADD CONSTRAINT "newsroom_followers_company_id_workspaces_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_blobs_workspace_sha256_key" ON "attachment_blobs" USING btree ("workspace_id","sha256");--> statement-breakpoint
CREATE INDEX "payments_workspace_idx" ON "payments" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "press_releases_workspace_idx" ON "press_releases" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "user_lists_workspace_idx" ON "user_lists" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "attachment_blobs" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "demo_payment_intents" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "press_releases" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "user_lists" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "user_type";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_plan";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_status";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_customer_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_subscription_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "trial_start_date";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "trial_end_date";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "monthly_press_release_limit";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "press_releases_used_this_month";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_usage_reset";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "trusted";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "newsroom_slug";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "newsroom_enabled";
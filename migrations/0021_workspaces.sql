CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_type" text DEFAULT 'trial' NOT NULL,
	"subscription_plan" text,
	"subscription_status" text DEFAULT 'trial' NOT NULL,
	"stripe_customer_id" text,
	"trial_start_date" timestamp with time zone DEFAULT now(),
	"trial_end_date" timestamp with time zone,
	"monthly_press_release_limit" integer DEFAULT 0 NOT NULL,
	"press_releases_used_this_month" integer DEFAULT 0 NOT NULL,
	"last_usage_reset" timestamp with time zone DEFAULT now() NOT NULL,
	"trusted" boolean DEFAULT false NOT NULL,
	"newsroom_slug" text,
	"newsroom_enabled" boolean DEFAULT true NOT NULL,
	"require_second_approval" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment_blobs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "approval_comment" text;--> statement-breakpoint
ALTER TABLE "user_lists" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "user_lists" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_key" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_newsroom_slug_key" ON "workspaces" USING btree ("newsroom_slug");--> statement-breakpoint
CREATE INDEX "workspaces_created_at_idx" ON "workspaces" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "attachment_blobs" ADD CONSTRAINT "attachment_blobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD CONSTRAINT "demo_payment_intents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lists" ADD CONSTRAINT "user_lists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lists" ADD CONSTRAINT "user_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_workspace_idx" ON "audit_log" USING btree ("workspace_id","created_at");--> statement-breakpoint
-- Every existing account becomes a workspace with the account's own id, owned by the account: its rows keep
-- pointing at the same id, so web versions, newsroom pages, feeds and every signed link keep working.
INSERT INTO "workspaces" ("id", "name", "user_type", "subscription_plan", "subscription_status", "stripe_customer_id",
  "trial_start_date", "trial_end_date", "monthly_press_release_limit", "press_releases_used_this_month",
  "last_usage_reset", "trusted", "newsroom_slug", "newsroom_enabled", "language", "created_at", "updated_at")
SELECT "id", "company_name", CASE WHEN "user_type" = 'super_admin' THEN 'active' ELSE "user_type" END,
  "subscription_plan", "subscription_status", "stripe_customer_id", "trial_start_date", "trial_end_date",
  "monthly_press_release_limit", "press_releases_used_this_month", "last_usage_reset", "trusted", "newsroom_slug",
  "newsroom_enabled", "language", "created_at", "updated_at"
FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
UPDATE "users" SET "current_workspace_id" = "id";--> statement-breakpoint
UPDATE "press_releases" SET "workspace_id" = "user_id", "author_id" = "user_id",
  "sent_by" = CASE WHEN "status" IN ('sending', 'sent', 'failed') OR "scheduled_at" IS NOT NULL THEN "user_id" END;--> statement-breakpoint
UPDATE "user_lists" SET "workspace_id" = "user_id", "created_by" = "user_id";--> statement-breakpoint
UPDATE "attachment_blobs" SET "workspace_id" = "user_id";--> statement-breakpoint
UPDATE "payments" SET "workspace_id" = "user_id", "paid_by" = "user_id";--> statement-breakpoint
UPDATE "demo_payment_intents" SET "workspace_id" = "user_id";

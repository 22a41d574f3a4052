CREATE TABLE "brand_logos" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"newsroom_slug" text,
	"newsroom_enabled" boolean DEFAULT true NOT NULL,
	"boilerplate" text DEFAULT '' NOT NULL,
	"boilerplate_ar" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"client_approval" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_unsubscribes" DROP CONSTRAINT "company_unsubscribes_company_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "newsroom_followers" DROP CONSTRAINT "newsroom_followers_company_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
-- Every workspace speaks as one brand with the workspace's own id, so followers, unsubscribes and the
-- newsroom address keep their meaning; its defaults come from the workspace's latest release.
INSERT INTO "brands" ("id", "workspace_id", "name", "newsroom_slug", "newsroom_enabled", "boilerplate", "contact_name", "contact_email", "contact_phone", "language", "created_at")
SELECT w."id", w."id", w."name", w."newsroom_slug", w."newsroom_enabled",
       COALESCE(latest."boilerplate", ''), COALESCE(latest."contact_name", ''), COALESCE(latest."contact_email", ''),
       COALESCE(latest."contact_phone", ''), COALESCE(latest."language", 'english'), w."created_at"
FROM "workspaces" w
LEFT JOIN LATERAL (
  SELECT pr."boilerplate", pr."contact_name", pr."contact_email", pr."contact_phone", pr."language"
  FROM "press_releases" pr WHERE pr."workspace_id" = w."id" ORDER BY pr."created_at" DESC LIMIT 1
) latest ON true;--> statement-breakpoint
UPDATE "press_releases" SET "brand_id" = "workspace_id";--> statement-breakpoint
ALTER TABLE "press_releases" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "client_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "client_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "client_approved_version" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "client_comment" text;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD COLUMN "brand_ids" uuid[];--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "brand_ids" uuid[];--> statement-breakpoint
ALTER TABLE "brand_logos" ADD CONSTRAINT "brand_logos_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_newsroom_slug_key" ON "brands" USING btree ("newsroom_slug");--> statement-breakpoint
CREATE INDEX "brands_workspace_idx" ON "brands" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD CONSTRAINT "company_unsubscribes_company_id_brands_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsroom_followers" ADD CONSTRAINT "newsroom_followers_company_id_brands_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_client_approved_by_users_id_fk" FOREIGN KEY ("client_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_releases_brand_idx" ON "press_releases" USING btree ("brand_id","sent_at");
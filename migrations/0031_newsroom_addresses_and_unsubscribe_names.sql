CREATE TABLE "newsroom_addresses" (
	"slug" text PRIMARY KEY NOT NULL,
	"brand_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD COLUMN "names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsroom_addresses" ADD CONSTRAINT "newsroom_addresses_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsroom_addresses_brand_idx" ON "newsroom_addresses" USING btree ("brand_id");--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD CONSTRAINT "company_unsubscribes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_unsubscribes_workspace_email_idx" ON "company_unsubscribes" USING btree ("workspace_id","email");
CREATE TABLE "newsroom_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "audience" text DEFAULT 'list' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "newsroom_slug" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "newsroom_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "newsroom_followers" ADD CONSTRAINT "newsroom_followers_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsroom_followers_company_email_key" ON "newsroom_followers" USING btree ("company_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsroom_followers_token_key" ON "newsroom_followers" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_newsroom_slug_key" ON "users" USING btree ("newsroom_slug");
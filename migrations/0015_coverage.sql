CREATE TABLE "coverage_articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"feed_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"release_id" uuid NOT NULL,
	"url" text NOT NULL,
	"outlet" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone,
	"kind" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlet_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"outlet" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "coverage_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coverage_articles" ADD CONSTRAINT "coverage_articles_feed_id_outlet_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."outlet_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_items" ADD CONSTRAINT "coverage_items_release_id_press_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_articles_url_key" ON "coverage_articles" USING btree ("url");--> statement-breakpoint
CREATE INDEX "coverage_articles_feed_idx" ON "coverage_articles" USING btree ("feed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_items_release_url_key" ON "coverage_items" USING btree ("release_id","url");--> statement-breakpoint
CREATE INDEX "coverage_items_created_idx" ON "coverage_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outlet_feeds_url_key" ON "outlet_feeds" USING btree ("url");--> statement-breakpoint
CREATE INDEX "outlet_feeds_due_idx" ON "outlet_feeds" USING btree ("next_fetch_at");
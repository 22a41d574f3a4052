CREATE TABLE "release_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_email" text,
	"decision" text,
	"comment" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release_reviews" ADD CONSTRAINT "release_reviews_release_id_press_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_reviews" ADD CONSTRAINT "release_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_reviews_release_idx" ON "release_reviews" USING btree ("release_id","submitted_at");--> statement-breakpoint
CREATE INDEX "release_reviews_decided_idx" ON "release_reviews" USING btree ("decided_at");
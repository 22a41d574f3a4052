CREATE TABLE "release_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"release_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_role" text NOT NULL,
	"comment" text,
	"round" integer DEFAULT 1 NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "edited_by" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "release_steps" ADD CONSTRAINT "release_steps_release_id_press_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_steps" ADD CONSTRAINT "release_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_steps_release_idx" ON "release_steps" USING btree ("release_id","id");--> statement-breakpoint
ALTER TABLE "press_releases" ADD CONSTRAINT "press_releases_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "consent_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" integer,
	"email" text NOT NULL,
	"changes" jsonb NOT NULL,
	"delivery_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" integer,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journalist_preferences" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"languages" text[] DEFAULT '{arabic,english}'::text[] NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekly_cap" integer,
	"digest" boolean DEFAULT false NOT NULL,
	"accepts_embargo" boolean DEFAULT false NOT NULL,
	"unsubscribed_all" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coverage_items" ADD COLUMN "embargo_break" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "global_contacts" ADD COLUMN "embargo_accredited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "global_contacts" ADD COLUMN "accreditation_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "embargo_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "embargo_time_zone" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_contact_id_global_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."global_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_contact_id_global_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."global_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journalist_preferences" ADD CONSTRAINT "journalist_preferences_contact_id_global_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."global_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_contact_idx" ON "consent_records" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "data_requests_status_idx" ON "data_requests" USING btree ("status","due_at");--> statement-breakpoint
UPDATE "press_releases" SET "published_at" = "sent_at" WHERE "sent_at" IS NOT NULL;

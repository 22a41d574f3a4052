CREATE TABLE "inbound_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"release_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"matched_by" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text,
	"raw" "bytea" NOT NULL,
	"message_id" text,
	"return_date" text,
	"new_address" text,
	"spf" text DEFAULT 'none' NOT NULL,
	"dmarc" text DEFAULT 'none' NOT NULL,
	"auth_failed" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"forwarded_at" timestamp with time zone,
	"forwarded_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" integer,
	"email" text NOT NULL,
	"signal" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"new_address" text,
	"delivery_id" bigint,
	"reply_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
DROP INDEX "deliveries_release_email_key";--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "forward_replies_to_clients" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journalist_preferences" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "press_releases" ADD COLUMN "embargo_notice_shows_title" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "current_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "inbound_replies" ADD CONSTRAINT "inbound_replies_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_replies" ADD CONSTRAINT "inbound_replies_release_id_press_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."press_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_items" ADD CONSTRAINT "research_items_contact_id_global_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."global_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_items" ADD CONSTRAINT "research_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_items" ADD CONSTRAINT "research_items_reply_id_inbound_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."inbound_replies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_items" ADD CONSTRAINT "research_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_replies_release_idx" ON "inbound_replies" USING btree ("release_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_replies_delivery_idx" ON "inbound_replies" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "inbound_replies_received_idx" ON "inbound_replies" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_replies_delivery_message_key" ON "inbound_replies" USING btree ("delivery_id","message_id");--> statement-breakpoint
CREATE INDEX "research_items_open_idx" ON "research_items" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "research_items_contact_idx" ON "research_items" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_items_open_key" ON "research_items" USING btree ("email","signal") WHERE "research_items"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_release_notice_key" ON "deliveries" USING btree ("release_id","email") WHERE audience = 'embargo_notice';--> statement-breakpoint
CREATE INDEX "deliveries_email_trgm_idx" ON "deliveries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "global_contacts_name_trgm_idx" ON "global_contacts" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "press_releases_title_trgm_idx" ON "press_releases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_release_email_key" ON "deliveries" USING btree ("release_id","email") WHERE audience <> 'embargo_notice';
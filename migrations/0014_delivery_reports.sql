CREATE TABLE "delivery_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_reports_email_idx" ON "delivery_reports" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "delivery_reports_delivery_idx" ON "delivery_reports" USING btree ("delivery_id");
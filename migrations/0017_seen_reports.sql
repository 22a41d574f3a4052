CREATE TABLE "seen_reports" (
	"report_id" text NOT NULL,
	"delivery_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seen_reports_report_id_delivery_id_pk" PRIMARY KEY("report_id","delivery_id")
);
--> statement-breakpoint
ALTER TABLE "seen_reports" ADD CONSTRAINT "seen_reports_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seen_reports_delivery_idx" ON "seen_reports" USING btree ("delivery_id");
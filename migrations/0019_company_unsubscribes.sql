CREATE TABLE "company_unsubscribes" (
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"release_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_unsubscribes_company_id_email_pk" PRIMARY KEY("company_id","email")
);
--> statement-breakpoint
ALTER TABLE "company_unsubscribes" ADD CONSTRAINT "company_unsubscribes_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
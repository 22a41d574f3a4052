CREATE TABLE "contact_changes" (
	"version" bigint PRIMARY KEY NOT NULL,
	"contact_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "contacts_index_snapshots" (
	"version" bigint PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "contact_words" (
	"word" text NOT NULL,
	"block" integer NOT NULL,
	"contact_ids" integer[] NOT NULL,
	CONSTRAINT "contact_words_word_block_pk" PRIMARY KEY("word","block")
);
--> statement-breakpoint
DROP INDEX "global_contacts_pair_text_idx";--> statement-breakpoint
DROP INDEX "global_contacts_long_text_idx";--> statement-breakpoint
CREATE INDEX "contact_words_word_trgm_idx" ON "contact_words" USING gin ("word" gin_trgm_ops);
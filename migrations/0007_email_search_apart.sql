CREATE INDEX "global_contacts_email_trgm_idx" ON "global_contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The search text no longer holds the email and the words index keeps an address's words apart: emptied
-- here, the index is rebuilt at the next start (buildContactWordsIfMissing), which also rewrites each
-- contact's search text by the new rule.
DELETE FROM "contact_words";

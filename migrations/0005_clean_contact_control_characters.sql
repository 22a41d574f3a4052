-- Contact fields are single-line text: the contacts service now stores control characters as one space.
-- The filter columns of rows stored before that rule are cleaned the same way, so that the in-memory
-- contacts index can read them with control characters as separators (src/server/contacts/contacts-index.ts).
UPDATE "global_contacts" SET
  "country" = regexp_replace("country", '[\x01-\x1f\x7f]+', ' ', 'g'),
  "media_type" = regexp_replace("media_type", '[\x01-\x1f\x7f]+', ' ', 'g'),
  "language" = regexp_replace("language", '[\x01-\x1f\x7f]+', ' ', 'g'),
  "contact_topic_list" = ARRAY(
    SELECT regexp_replace(topic, '[\x01-\x1f\x7f]+', ' ', 'g') FROM unnest("contact_topic_list") AS topic)
WHERE "country" ~ '[\x01-\x1f\x7f]' OR "media_type" ~ '[\x01-\x1f\x7f]' OR "language" ~ '[\x01-\x1f\x7f]'
  OR array_to_string("contact_topic_list", ' ') ~ '[\x01-\x1f\x7f]';

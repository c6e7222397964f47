-- Ship's key is `ship` (it was `sealegs`): stored games, and the boards their posts still show.
UPDATE games SET game_key = 'ship' WHERE game_key = 'sealegs';
UPDATE outbox SET payload = jsonb_set(payload::jsonb, '{view,game}', '"ship"')::text
    WHERE payload::jsonb #>> '{view,game}' = 'sealegs';

-- Ship's key is `ship` (it was `sealegs`): stored games, and the boards their posts still show.
UPDATE games SET game_key = 'ship' WHERE game_key = 'sealegs';
UPDATE outbox SET payload = json_set(payload, '$.view.game', 'ship')
    WHERE json_extract(payload, '$.view.game') = 'sealegs';

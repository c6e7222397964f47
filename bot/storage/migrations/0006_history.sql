-- Issue 16: what a finished game leaves behind. Ratings per server and game (a game's result
-- gains `forced` and `rated` once the ratings have seen it), each server's rating setting,
-- the rematch a finished game opened, and a pending request to take back a move. An undone
-- action stays in `actions`; the undo itself is an action row of its own.
ALTER TABLE games ADD COLUMN rematch_id INTEGER;   -- the lobby a Rematch click opened

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game_key TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,      -- openskill's Plackett-Luce skill and its uncertainty
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL,      -- rated games played
    PRIMARY KEY (guild_id, game_key, user_id)
);
CREATE INDEX ratings_by_user ON ratings (user_id);

CREATE TABLE guild_settings (
    guild_id    INTEGER PRIMARY KEY,
    rate_forced INTEGER NOT NULL DEFAULT 1   -- rate games decided by a forfeit or autopilot
);

CREATE TABLE undo_requests (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,  -- the game version it was asked at: any action ends it
    seat          INTEGER NOT NULL,  -- who asks
    user_id       INTEGER NOT NULL,
    first_version INTEGER NOT NULL,  -- the first action taken back (the asker's last)
    waiting       TEXT    NOT NULL,  -- JSON list: user ids still to approve
    created_at    REAL    NOT NULL
);

-- Games finished before ratings existed stay out of them (their players' records still count).
UPDATE games SET result = json_set(result, '$.rated', json('false'))
    WHERE status = 'over' AND result IS NOT NULL;

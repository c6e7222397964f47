-- Issue 16: what a finished game leaves behind. Ratings per server and game (a game's result
-- gains `forced` and `rated` once the ratings have seen it), each server's rating setting,
-- the rematch a finished game opened, and a pending request to take back a move. An undone
-- action stays in `actions`; the undo itself is an action row of its own.
ALTER TABLE games ADD COLUMN rematch_id BIGINT;   -- the lobby a Rematch click opened

CREATE TABLE ratings (
    guild_id BIGINT           NOT NULL,
    game_key TEXT             NOT NULL,
    user_id  BIGINT           NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,   -- openskill's Plackett-Luce skill and its uncertainty
    sigma    DOUBLE PRECISION NOT NULL,
    games    BIGINT           NOT NULL,   -- rated games played
    PRIMARY KEY (guild_id, game_key, user_id)
);
CREATE INDEX ratings_by_user ON ratings (user_id);

CREATE TABLE guild_settings (
    guild_id    BIGINT PRIMARY KEY,
    rate_forced BIGINT NOT NULL DEFAULT 1   -- rate games decided by a forfeit or autopilot
);

CREATE TABLE undo_requests (
    game_id       BIGINT           PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version       BIGINT           NOT NULL,  -- the game version it was asked at: any action ends it
    seat          BIGINT           NOT NULL,  -- who asks
    user_id       BIGINT           NOT NULL,
    first_version BIGINT           NOT NULL,  -- the first action taken back (the asker's last)
    waiting       TEXT             NOT NULL,  -- JSON list: user ids still to approve
    created_at    DOUBLE PRECISION NOT NULL
);

-- Games finished before ratings existed stay out of them (their players' records still count).
UPDATE games SET result = jsonb_set(result::jsonb, '{rated}', 'false')::text
    WHERE status = 'over' AND result IS NOT NULL;

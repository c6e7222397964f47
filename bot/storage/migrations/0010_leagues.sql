-- Issue 28: leagues and seasons. A league is signed up for, then played in rounds; each
-- round's boards are written in the one transaction that draws the round (the league's
-- `round` moves on only from the round read, so two processes never draw a round twice), and
-- each board's game is linked in the transaction that creates it. Results are not copied
-- here: they are read from the games.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    UNIQUE (guild_id, name)
);

CREATE TABLE leagues (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    card_id       INTEGER,              -- the sign-up card in the channel
    thread_id     INTEGER,              -- the league's own thread (made from the card)
    organiser_id  INTEGER NOT NULL,     -- hosts the league's games
    name          TEXT    NOT NULL,
    game_key      TEXT    NOT NULL,
    options       TEXT    NOT NULL,     -- JSON, as a game's
    clock_seconds INTEGER NOT NULL,
    policy        TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('swiss', 'robin', 'knockout')),
    rounds        INTEGER NOT NULL,     -- planned; 0 until the draw decides (round robin)
    seats         INTEGER NOT NULL,     -- players at a board
    signup_until  REAL    NOT NULL,
    rated         INTEGER NOT NULL,
    season_id     INTEGER REFERENCES seasons (id),
    round         INTEGER NOT NULL DEFAULT 0,   -- the last round drawn; 0 while signing up
    posted        INTEGER NOT NULL DEFAULT 0,   -- thread posts made: one per round, then the end
    status        TEXT    NOT NULL DEFAULT 'signup'
                  CHECK (status IN ('signup', 'playing', 'over', 'cancelled')),
    created_at    REAL    NOT NULL
);
CREATE INDEX leagues_by_guild ON leagues (guild_id, status);

CREATE TABLE league_players (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    joined    REAL    NOT NULL,         -- sign-up order: the seeding and the last tie-break
    gone      INTEGER NOT NULL DEFAULT 0,  -- left after the draw: no new games
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_games (
    id        INTEGER PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    board     INTEGER NOT NULL,
    players   TEXT    NOT NULL,         -- JSON list of user ids in seat order; one: a bye
    game_id   INTEGER REFERENCES games (id),
    UNIQUE (league_id, round, board)
);
CREATE UNIQUE INDEX league_games_by_game ON league_games (game_id);

ALTER TABLE guild_settings ADD COLUMN league_role INTEGER;  -- may create leagues (besides Manage Server)

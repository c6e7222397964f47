-- Games, their seats, the append-only action log, and the outbox of posts owed to Discord.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    game_key        TEXT    NOT NULL,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    thread_id       INTEGER,
    lobby_message_id INTEGER,
    host_id         INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
    seed            INTEGER NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',
    version         INTEGER NOT NULL DEFAULT 0,
    state           TEXT,
    result          TEXT,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL
);
CREATE INDEX games_by_thread ON games (thread_id);
CREATE INDEX games_by_guild_status ON games (guild_id, status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    dm_open   INTEGER,            -- NULL unknown, 1 open, 0 closed
    resigned  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,   -- the game version this action produced (1, 2, ...)
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    action     TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,   -- 'thread' or 'dm'
    user_id    INTEGER,            -- DM recipient
    payload    TEXT    NOT NULL,   -- JSON
    created_at REAL    NOT NULL,
    sent_at    REAL
);
CREATE INDEX outbox_unsent ON outbox (sent_at) WHERE sent_at IS NULL;

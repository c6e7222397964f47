-- Play over days: move clocks, absent-player policies, per-seat deadlines, reminder steps
-- already sent, the living status message, and per-user settings (quiet hours, vacation).
CREATE TABLE game_clocks (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    clock_seconds     INTEGER,               -- NULL: no move clock
    policy            TEXT    NOT NULL DEFAULT 'autopilot'
                      CHECK (policy IN ('autopilot', 'forfeit', 'wait')),
    status_message_id INTEGER,               -- the pinned status message in the thread
    synced_version    INTEGER                -- the game version the deadlines were computed for
);

CREATE TABLE deadlines (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    turn       INTEGER NOT NULL,   -- the game version at which this seat became due
    user_id    INTEGER NOT NULL,
    started_at REAL    NOT NULL,
    due_at     REAL,               -- NULL: no clock
    paused_at  REAL,               -- set while the player is on vacation
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE reminder_steps (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    turn    INTEGER NOT NULL,
    step    TEXT    NOT NULL,      -- 'start', 'half', 'last', 'expired', ...
    done_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, turn, step)
);

CREATE TABLE user_settings (
    user_id        INTEGER PRIMARY KEY,
    timezone       TEXT    NOT NULL DEFAULT 'UTC',
    quiet_start    INTEGER,            -- local hour 0-23; NULL: no quiet hours
    quiet_end      INTEGER,
    style          TEXT    NOT NULL DEFAULT 'dm' CHECK (style IN ('dm', 'mention')),
    turn_dm        INTEGER NOT NULL DEFAULT 0,
    vacation_bank  REAL    NOT NULL DEFAULT 14,   -- days left
    vacation_start REAL,
    vacation_until REAL
);

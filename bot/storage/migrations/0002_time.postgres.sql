-- Play over days: move clocks, absent-player policies, per-seat deadlines, reminder steps
-- already sent, the living status message, and per-user settings (quiet hours, vacation).
CREATE TABLE game_clocks (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    clock_seconds     BIGINT,                -- NULL: no move clock
    policy            TEXT    NOT NULL DEFAULT 'autopilot'
                      CHECK (policy IN ('autopilot', 'forfeit', 'wait')),
    status_message_id BIGINT,                -- the pinned status message in the thread
    synced_version    BIGINT                 -- the game version the deadlines were computed for
);

CREATE TABLE deadlines (
    game_id    BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       BIGINT           NOT NULL,
    turn       BIGINT           NOT NULL,   -- the game version at which this seat became due
    user_id    BIGINT           NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    due_at     DOUBLE PRECISION,            -- NULL: no clock
    paused_at  DOUBLE PRECISION,            -- set while the player is on vacation
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE reminder_steps (
    game_id BIGINT           NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    BIGINT           NOT NULL,
    turn    BIGINT           NOT NULL,
    step    TEXT             NOT NULL,      -- 'start', 'half', 'last', 'expired', ...
    done_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, turn, step)
);

CREATE TABLE user_settings (
    user_id        BIGINT PRIMARY KEY,
    timezone       TEXT             NOT NULL DEFAULT 'UTC',
    quiet_start    BIGINT,                   -- local hour 0-23; NULL: no quiet hours
    quiet_end      BIGINT,
    style          TEXT             NOT NULL DEFAULT 'dm' CHECK (style IN ('dm', 'mention')),
    turn_dm        BIGINT           NOT NULL DEFAULT 0,
    vacation_bank  DOUBLE PRECISION NOT NULL DEFAULT 14,   -- days left
    vacation_start DOUBLE PRECISION,
    vacation_until DOUBLE PRECISION
);

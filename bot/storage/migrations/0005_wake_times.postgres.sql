-- The tick scales: each deadline stores when the scheduler next has work on it (`wake_at`:
-- a reminder step, the clock running out, the end of a vacation), so a tick reads only what
-- is due through an index instead of replaying every game. Rows from before this version get
-- the earliest such time SQL can see (never later than the truth: an early visit only
-- recomputes the time). Also: the format each game's stored states were written in, so states
-- an engine can no longer load are rebuilt from the seed and the action log at start.
ALTER TABLE deadlines ADD COLUMN wake_at DOUBLE PRECISION;  -- NULL: nothing until the game changes
UPDATE deadlines SET wake_at = (
    SELECT NULLIF(LEAST(
        CASE WHEN d.paused_at IS NOT NULL
             THEN COALESCE((SELECT u.vacation_until FROM user_settings u
                            WHERE u.user_id = d.user_id), d.started_at)
             ELSE 1e308 END,
        CASE WHEN d.paused_at IS NULL AND NOT EXISTS (SELECT 1 FROM reminder_steps r
                 WHERE r.game_id = d.game_id AND r.seat = d.seat AND r.turn = d.turn
                   AND r.step = 'start:' || d.user_id)
             THEN d.started_at ELSE 1e308 END,
        CASE WHEN d.paused_at IS NULL AND d.due_at IS NOT NULL AND c.clock_seconds IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM reminder_steps r
                 WHERE r.game_id = d.game_id AND r.seat = d.seat AND r.turn = d.turn
                   AND r.step = 'half:' || d.user_id)
             THEN d.due_at - c.clock_seconds / 2.0 ELSE 1e308 END,
        CASE WHEN d.paused_at IS NULL AND d.due_at IS NOT NULL AND c.clock_seconds IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM reminder_steps r
                 WHERE r.game_id = d.game_id AND r.seat = d.seat AND r.turn = d.turn
                   AND r.step = 'last:' || d.user_id)
             THEN d.due_at - LEAST(3600, c.clock_seconds / 8.0) ELSE 1e308 END,
        CASE WHEN d.paused_at IS NULL AND d.due_at IS NOT NULL AND NOT EXISTS (
                 SELECT 1 FROM reminder_steps r
                 WHERE r.game_id = d.game_id AND r.seat = d.seat AND r.turn = d.turn
                   AND r.step = 'expired:' || d.user_id)
             THEN d.due_at ELSE 1e308 END
    ), 1e308)
    FROM deadlines d LEFT JOIN game_clocks c ON c.game_id = d.game_id
    WHERE d.game_id = deadlines.game_id AND d.seat = deadlines.seat
);
CREATE INDEX deadlines_by_wake ON deadlines (wake_at) WHERE wake_at IS NOT NULL;
CREATE INDEX deadlines_by_user ON deadlines (user_id);
-- Games in play and their versions without reading their states (the check at start for
-- deadlines a crash left behind their game).
CREATE INDEX games_by_status ON games (status, version);

CREATE TABLE snapshot_formats (
    game_key TEXT PRIMARY KEY,
    format   TEXT NOT NULL      -- a fingerprint of the engine's state fields
);

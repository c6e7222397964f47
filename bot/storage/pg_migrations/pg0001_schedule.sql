-- PostgreSQL only: when each game next needs background work (deadlines, reminders,
-- vacations, posts owed) and which process holds that work now, so that several processes
-- share it and none does it twice. A process claims due games (FOR UPDATE SKIP LOCKED) under
-- a lease it renews while it works; when a process dies its leases expire and another takes
-- the games over. Every change the background work depends on makes its game due at once (a
-- poke), in the same transaction as the change: the triggers below, so no store method has
-- to remember it.
CREATE TABLE game_schedule (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    wake_at     DOUBLE PRECISION NOT NULL DEFAULT 0,  -- the game clock's time it is due at
    pokes       BIGINT           NOT NULL DEFAULT 0,  -- changes so far (a release compares)
    owner       TEXT,                                 -- the process holding the lease
    lease_until DOUBLE PRECISION                      -- the server's clock, epoch seconds
);
CREATE INDEX game_schedule_due ON game_schedule (wake_at);
INSERT INTO game_schedule (game_id) SELECT id FROM games;

CREATE FUNCTION parley_poke(game BIGINT) RETURNS void LANGUAGE sql AS $$
    UPDATE game_schedule SET wake_at = 0, pokes = pokes + 1 WHERE game_id = game
$$;

-- A new game is due at once (from then on it is looked at when it changes or its time comes).
CREATE FUNCTION parley_schedule_new_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO game_schedule (game_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE TRIGGER games_scheduled AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION parley_schedule_new_game();

-- An action, a start, a finish: new turns (deadlines, reminders) and posts to send.
CREATE FUNCTION parley_poke_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM parley_poke(NEW.id);
    RETURN NULL;
END $$;
CREATE TRIGGER games_poked AFTER UPDATE OF version, status ON games
    FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version
                       OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION parley_poke_game();

-- A post owed (an action's, a reminder's, a notice's): it must be sent.
CREATE FUNCTION parley_poke_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM parley_poke(NEW.game_id);
    RETURN NULL;
END $$;
CREATE TRIGGER outbox_poked AFTER INSERT ON outbox
    FOR EACH ROW EXECUTE FUNCTION parley_poke_owner();

-- A move clock or absent-player policy set or changed.
CREATE TRIGGER clocks_poked AFTER INSERT OR UPDATE OF clock_seconds, policy ON game_clocks
    FOR EACH ROW EXECUTE FUNCTION parley_poke_owner();

-- A player's settings (vacation, quiet hours, reminders): every game where they are due.
-- The rows are locked in game order, so two such changes at once cannot deadlock.
CREATE FUNCTION parley_poke_user_games() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM game_schedule
        WHERE game_id IN (SELECT game_id FROM deadlines WHERE user_id = NEW.user_id)
        ORDER BY game_id FOR NO KEY UPDATE;
    UPDATE game_schedule SET wake_at = 0, pokes = pokes + 1
        WHERE game_id IN (SELECT game_id FROM deadlines WHERE user_id = NEW.user_id);
    RETURN NULL;
END $$;
CREATE TRIGGER settings_poked AFTER INSERT OR UPDATE ON user_settings
    FOR EACH ROW EXECUTE FUNCTION parley_poke_user_games();

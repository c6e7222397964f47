-- PostgreSQL only: which process holds each game's background work now (its due turns, the
-- posts it owes), so that several processes share that work and none does it twice. A process
-- claims games (FOR UPDATE SKIP LOCKED) under a lease it renews while it works; when a
-- process dies its leases lapse and another takes the games over. Every game has its row,
-- made with the game.
CREATE TABLE game_schedule (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    owner       TEXT,                  -- the process holding the lease
    lease_until DOUBLE PRECISION       -- the server's clock, epoch seconds
);
INSERT INTO game_schedule (game_id) SELECT id FROM games;

CREATE FUNCTION parley_schedule_new_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO game_schedule (game_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
CREATE TRIGGER games_scheduled AFTER INSERT ON games
    FOR EACH ROW EXECUTE FUNCTION parley_schedule_new_game();

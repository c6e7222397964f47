-- Hardening (issue 12).
-- Work owed after a commit and resumed after a restart: a game with a seat on autopilot (its
-- player resigned or was removed) that is due to move. Written in the same transaction as the
-- change that made it due, deleted once the autopilot has played.
CREATE TABLE autopilot_due (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
-- Delivery: when an outbox item was last handed to Discord, and the message Discord made of it
-- (so a resend after an outage longer than Discord's nonce window can find it first).
ALTER TABLE outbox ADD COLUMN tried_at DOUBLE PRECISION;
ALTER TABLE outbox ADD COLUMN message_id BIGINT;
-- A game still owed its opening (its lobby card and thread), found at start and each tick.
CREATE INDEX games_unopened ON games (id)
    WHERE thread_id IS NULL AND status IN ('lobby', 'active');
-- Open lobbies per host in a server, for the cap on them.
CREATE INDEX games_lobbies_by_host ON games (guild_id, host_id) WHERE status = 'lobby';

-- A practice game (`/parley learn`) owes its start from the commit that makes it: a crash
-- between its private thread and its start is resumed (`unopened`, at start and each tick),
-- found through this index.
CREATE INDEX games_practice_unstarted ON games (id) WHERE practice = 1 AND status = 'lobby';

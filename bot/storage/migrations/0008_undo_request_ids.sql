-- A request to take back a move gets an id of its own, carried by its buttons, so an answer
-- counts for the request it was given to; a request stays as a row once it ends, with why
-- (`ended`), so a late click says what became of it. Those asked are seats, answered by
-- whoever holds the seat at the time. A request is open while `ended` is NULL and the game
-- is still at its `version` (the next action ends it).
--
-- A request pending at the upgrade is not carried over: its buttons (game and version only)
-- now answer that it is no longer current, and its asker can ask again.
DROP TABLE undo_requests;

CREATE TABLE undo_requests (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,  -- the game version it was asked at: any action ends it
    seat          INTEGER NOT NULL,  -- who asks
    user_id       INTEGER NOT NULL,  -- ... and who held that seat then
    first_version INTEGER NOT NULL,  -- the first action taken back (the asker's last)
    waiting       TEXT    NOT NULL,  -- JSON list: the seats still to approve
    ended         TEXT CHECK (ended IN ('replaced', 'refused', 'withdrawn')),
    created_at    REAL    NOT NULL
);
CREATE INDEX undo_requests_by_game ON undo_requests (game_id);

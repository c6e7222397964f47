-- Learning games (issue 27): a practice game (`/parley learn`, one person against the AI, in a
-- private thread, with teaching notes) and whether `/parley hint` answers in a game (chosen in
-- the lobby, only for unrated games). 0/1 flags; false for every game made before, and where
-- a copy or a bench writes rows without them (NULL reads as false).
ALTER TABLE games ADD COLUMN practice INTEGER DEFAULT 0;
ALTER TABLE games ADD COLUMN hints INTEGER DEFAULT 0;

-- What fills a seat: a person ('human') or the AI ('ai', issue 15). An AI seat holds a
-- negative placeholder user_id (-1, -2, ... within its game), never a Discord user, so the
-- UNIQUE (game_id, user_id) rule and every query by user stay as they are.
ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'ai'));

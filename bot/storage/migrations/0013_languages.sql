-- Languages (issue 29): the language a game's thread, status message and boards speak (chosen
-- in the lobby; English for every game made before), a player's own language (NULL: follow
-- their Discord client's), and the Discord locale last seen from each player, so a DM sent
-- later (a reminder on the tick) speaks their language.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
-- A league's thread and card, and the games it opens, speak the league's language.
ALTER TABLE leagues ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN locale TEXT;

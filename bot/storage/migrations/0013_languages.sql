-- Languages (issue 29): the language a game's thread, status message and boards speak (chosen
-- in the lobby), a player's own language (NULL: follow their Discord client's), the Discord
-- locale last seen from each player, so a DM sent later (a reminder on the tick) speaks their
-- language, and a league's language (its card, thread and games). A game or league made
-- before, or written by a copy or a bench without it (NULL), speaks English.
ALTER TABLE games ADD COLUMN language TEXT DEFAULT 'en';
ALTER TABLE leagues ADD COLUMN language TEXT DEFAULT 'en';
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN locale TEXT;

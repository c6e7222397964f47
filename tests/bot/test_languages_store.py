"""Languages kept by both stores (issue 29): a game's language (chosen in the lobby, kept by
its rematch), a league's (its games speak it), a player's own language, and the Discord locale
last seen from them, which a settings change never overwrites."""

from __future__ import annotations

from dataclasses import replace

from bot.play.leagues.rounds import LeagueRounds
from bot.play.readers import language_of_reader
from bot.play.service import GameService
from bot.storage import open_store
from bot.storage.leagues import LeagueDraft

HOST, FRIEND = 101, 202


async def test_a_game_keeps_its_language_and_its_rematch_speaks_it_too(database):
    store = await open_store(database)
    try:
        service = GameService(store)
        german = await service.new_game("cardinal", 1, 2, HOST, language="de")
        english = await service.new_game("cardinal", 1, 2, FRIEND)
        assert (german.language, english.language) == ("de", "en")
        assert [g.language for g in await store.open_lobbies(1)] == ["en", "de"]
        await store.set_places(german.id, 99, 98)
        german = await service.join(german, FRIEND)
        german = await service.start(german, HOST)
        await service.resign(german, HOST)
        rematch, made = await store.create_rematch(german.id, 7)
        assert made and rematch.language == "de"
    finally:
        await store.close()


async def test_a_players_language_and_last_locale_are_kept_apart(database):
    store = await open_store(database)
    try:
        assert (await store.user_settings(HOST)).language is None
        await store.note_locale(HOST, "de")  # first seen: a row of its own
        mine = await store.user_settings(HOST)
        assert (mine.language, mine.locale, mine.timezone) == (None, "de", "UTC")
        await store.note_locale(HOST, "fr")  # their client changed meanwhile
        await store.save_user_settings(replace(mine, language="en"))  # read before the change
        mine = await store.user_settings(HOST)
        assert (mine.language, mine.locale) == ("en", "fr")
        await store.save_user_settings(replace(mine, language=None))  # follow Discord again
        assert (await store.user_settings(HOST)).language is None
    finally:
        await store.close()


async def test_a_leagues_games_speak_its_language(database):
    store = await open_store(database)
    try:
        draft = LeagueDraft(
            1, 2, 3, "Liga", "cardinal", {}, 86400, "autopilot", "swiss", 1, 2, 0.0, True
        )
        league = await store.create_league(replace(draft, language="de"))
        assert league.draft.language == "de"
        await store.set_league_places(league.id, 10, 11)
        for user in (100, 101):
            await store.join_league(league.id, user)
        await LeagueRounds(store, GameService(store)).step(league.id, 1.0)
        (board,) = await store.league_boards(league.id)
        assert board.game_id is not None
        game = await store.game(board.game_id)
        assert game is not None and game.language == "de"
    finally:
        await store.close()


async def test_a_games_seats_carry_what_their_players_read(database):
    """A DM made as a change commits is made in its reader's language without a read: each
    seat comes with its player's own language and the locale last seen from them."""
    store = await open_store(database)
    try:
        service = GameService(store)
        game = await service.new_game("cardinal", 1, 2, HOST, language="fr")
        game = await service.join(game, FRIEND)
        assert [language_of_reader(game, u) for u in (HOST, FRIEND)] == ["fr", "fr"]
        await store.note_locale(HOST, "de")
        await store.note_locale(FRIEND, "de")
        mine = await store.user_settings(FRIEND)
        await store.save_user_settings(replace(mine, language="en"))
        game = await store.game(game.id)
        assert game is not None
        assert [(s.language, s.locale) for s in game.seats] == [(None, "de"), ("en", "de")]
        assert [language_of_reader(game, u) for u in (HOST, FRIEND)] == ["de", "en"]
    finally:
        await store.close()

"""Games against the AI are unrated, as on chess sites: a takeback against the computer needs
nobody's approval, so a rated win there could be farmed. A game started with an AI seat says
so in its lobby card and its final post, leaves every rating alone and counts in
``/parley stats`` apart; a person's seat the autopilot takes over keeps the game rated."""

from __future__ import annotations

import random

import pytest

from bot.play.service import GameService
from bot.play.standings import Standings, record_of
from bot.storage import SqliteStore, Store, open_store
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.helpers import private_reply
from tests.bot.history_helpers import fast_forward, final_posts, players, random_game
from tests.bot.postgres import PostgresServer
from tests.bot.test_ai_seats import open_with_ai
from tests.bot.test_copy_db import parley, sqlite_rows
from tests.bot.time_helpers import open_game

UNRATED_CARD = "Unrated: an AI plays in this game"
UNRATED_END = "Unrated (played against the AI)."


def won_by(key: str, game, seat: int) -> list[tuple[int, str]]:
    """A random game of ``key`` from ``game``'s start that ``seat`` wins with the last move."""
    spec = REGISTRY[key]
    for pick in range(500):
        moves = random_game(key, len(game.seats), game.seed, game.options, pick=pick)
        state = spec.new(len(game.seats), game.seed, game.options)
        for s, action in moves:
            state = spec.apply(state, s, action)
        if moves[-1][0] == seat and spec.outcome(state).winners == [seat]:
            return moves
    raise AssertionError(f"no random game that seat {seat} wins")


async def test_a_game_against_the_ai_won_after_a_free_undo_is_unrated(world: World):
    """Alice against an AI seat added in the lobby: her takeback needs nobody's approval, she
    wins, and no rating moves; the card, the final post, the leaderboard and her stats all say
    it was unrated."""
    fake, alice = world.fake, world.alice
    bot_ = await world.start_bot()
    game_id = await open_with_ai(world, bot_, "cardinal", 0, [alice], "first=orange")
    assert UNRATED_CARD not in str(world.lobby().embeds)
    for op, unrated in (("ai", True), ("unai", False), ("ai", True)):  # before the start
        await fake.click(bot_, alice, world.lobby(), f"parley:lobby:{game_id}:{op}")
        assert (UNRATED_CARD in str(world.lobby().embeds)) is unrated
    await fake.click(bot_, alice, world.lobby(), f"parley:lobby:{game_id}:start")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    assert [seat for seat, _ in await bot_.store.actions(game_id)] == [0, 1]  # the AI replied
    undone = await fake.slash(bot_, alice, world.thread(), "parley undo")
    assert private_reply(undone).startswith("Taken back:")  # nobody was asked

    game = await bot_.store.game(game_id)
    moves = won_by("cardinal", game, 0)
    await fast_forward(bot_, game_id, moves[:-1])
    await fake.slash(bot_, alice, world.thread(), "parley move", action=moves[-1][1])
    game = await bot_.store.game(game_id)
    assert game.status == "over" and game.result["winners"] == [0]
    assert game.result["rated"] is False
    assert await bot_.store.ratings(world.guild.id, "cardinal") == []
    assert UNRATED_END in "\n".join(p.content for p in final_posts(world))
    assert UNRATED_CARD in str(world.lobby().embeds)

    board = await fake.slash(bot_, alice, world.channel, "parley leaderboard", game="cardinal")
    assert "Nobody has a Cardinal rating" in private_reply(board)
    stats = private_reply(await fake.slash(bot_, alice, world.channel, "parley stats"))
    assert "Against the AI: 1 played, 1 won" in stats
    assert "Games played" not in stats and "Rating: none yet" in stats


async def test_a_kicked_players_seat_on_autopilot_keeps_a_three_player_game_rated(world: World):
    """Tortuga for three: the host kicks a player near the end and the autopilot plays their
    seat to the finish. The seat stays a person's, so the game is rated as before, and nothing
    says unrated."""
    fake = world.fake
    users = players(world, 3)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    assert UNRATED_CARD not in str(world.lobby().embeds)
    game = await bot_.store.game(game_id)
    spec = REGISTRY["tortuga"]
    cut = len(moves := random_game("tortuga", 3, game.seed, game.options)) - 20
    await fast_forward(bot_, game_id, moves[:cut])
    await fake.slash(bot_, users[0], world.thread(), "parley kick", player=users[1])
    assert [s.kind for s in (await bot_.store.game(game_id)).seats] == ["human"] * 3
    picker = random.Random(3)
    while (game := await bot_.store.game(game_id)).status == "active":
        state = spec.load(game.state)
        due = [s for s in spec.to_act(state) if s != 1]
        assert due, "the autopilot left the kicked seat to move"
        seat = picker.choice(due)
        action = picker.choice(spec.legal_actions(state, seat))
        await fake.slash(bot_, users[seat], world.thread(), "parley move", action=action)
    log = await bot_.store.log(game_id)
    assert any(e.seat == 1 and e.user_id is None for e in log[cut:]), "no autopilot move"

    assert game.status == "over" and game.seats[1].resigned
    assert game.result["rated"] is True and game.result["forced"] == "autopilot"
    ratings = await bot_.store.ratings(world.guild.id, "tortuga")
    assert sorted(r.user_id for r in ratings) == sorted(u.id for u in users)
    assert all(r.games == 1 for r in ratings)
    story = "\n".join(p.content for p in final_posts(world))
    assert "The autopilot played a seat in this game." in story and "Unrated" not in story
    stats = private_reply(await fake.slash(bot_, users[0], world.channel, "parley stats"))
    assert "Games played: 1 · won:" in stats and "Against the AI" not in stats


async def what_counts(store: Store) -> tuple[list[bool], list, list, tuple]:
    """Which finished games are against the AI and rated, the Cardinal ratings, and player
    101's record, as the store reads them."""
    games = await store.finished_games(1, 101)
    record = record_of(101, games)
    return (
        [g.against_ai for g in games],
        [g.result["rated"] for g in games],
        await store.ratings(1, "cardinal"),
        (record.played, record.won, record.ai_played, record.ai_won),
    )


@pytest.mark.postgres
async def test_copy_db_keeps_a_game_against_the_ai_unrated(
    tmp_path, postgres_server: PostgresServer
):
    """A settled game against the AI and a rated one between people, copied to PostgreSQL and
    back: every row the same, and both stores read the same record, ratings and unrated game."""
    source, back = str(tmp_path / "parley.db"), str(tmp_path / "back.db")
    store = await SqliteStore.open(source)
    service, standings = GameService(store), Standings(store)
    for ai, loser in ((1, 101), (0, 102)):
        game = await service.new_game("cardinal", 1, 2, 101, "first=orange", ai=ai)
        if not ai:
            game = await service.join(await service.game(game.id), 102)
        game = await service.start(await service.game(game.id), 101)
        await service.resign(game, loser)
        await standings.settle(game.id)
    counted = await what_counts(store)
    assert counted[:2] == ([False, True], [True, False])  # newest first
    assert [r.user_id for r in counted[2]] == [101, 102] and counted[3] == (1, 1, 1, 0)
    await store.close()
    url = await postgres_server.database(schema=False)
    try:
        assert await parley("copy-db", source, url) == 0
        assert await parley("copy-db", url, back) == 0
        assert sqlite_rows(back) == sqlite_rows(source)
        copied = await open_store(url)
        try:
            assert await what_counts(copied) == counted
        finally:
            await copied.close()
    finally:
        await postgres_server.drop(url)

"""Issue 28 on Discord: a league signs up with a button, draws its first round at the
deadline and opens each game in its own thread (pinging only that game's players), pairs the
next round when the last game of one ends (across a restart, drawn once), and ends with the
podium in its own thread. Runs on both stores (the PostgreSQL half under ``-m postgres``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.leagues import LeagueButton
from bot.play.leagues.boards import met
from bot.play.leagues.rounds import LeagueRounds, as_board
from bot.play.service import GameService
from bot.storage import PostgresStore
from bot.storage.leagues import LeagueDraft
from tests.bot import components
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeChannel
from tests.bot.helpers import private_reply, resign
from tests.bot.time_helpers import HOUR, FakeClock, start_bot


def league_card(world: World):
    return next(
        m
        for m in world.fake.messages(world.channel)
        if m.embeds and "league #" in m.embeds[0]["title"]
    )


def thread_of(world: World, thread_id: int) -> FakeChannel:
    return next(t for t in world.fake.threads(world.channel) if t.id == thread_id)


async def finish_round(world: World, bot, league_id: int, round_no: int) -> None:
    """Each game of the round ends: the player in the second seat resigns."""
    for board in await bot.store.league_boards(league_id):
        if board.round == round_no and len(board.players) == 2:
            game = await bot.store.game(board.game_id)
            loser = next(u for u in world.fake.users.values() if u.id == board.players[1])
            await resign(world.fake, bot, loser, thread_of(world, game.thread_id))


async def test_a_swiss_league_signs_up_plays_two_rounds_across_a_restart_and_ends(world: World):
    fake = world.fake
    clock = FakeClock()
    bot = await start_bot(world, clock)
    olga = fake.add_user("olga")
    fake.add_member(world.guild, olga, manage_guild=True)
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    players = [world.alice, world.bob, world.carol, dave]

    # Only Manage Server (or the server's league role) creates a league.
    refused = await fake.slash(
        bot,
        world.alice,
        world.channel,
        "parley league new",
        name="Spring",
        game="cardinal",
        format="swiss",
        rounds=2,
    )
    assert "Manage Server" in private_reply(refused)
    made = await fake.slash(
        bot,
        olga,
        world.channel,
        "parley league new",
        name="Spring",
        game="cardinal",
        format="swiss",
        rounds=2,
        signup_hours=2.0,
        season="2026",
    )
    assert "open for sign-up" in private_reply(made)
    card = league_card(world)
    for user in players:
        joined = await fake.click(bot, user, card, "parley:league:1:join")
        assert "You joined **Spring**" in private_reply(joined)
    again = await fake.click(bot, dave, card, "parley:league:1:join")
    assert "already signed up" in private_reply(again)
    assert "Players (4)" in str(league_card(world).embeds[0])

    await bot.scheduler.tick()  # sign-up still open: nothing drawn
    assert await bot.store.league_boards(1) == []
    clock.advance(2 * HOUR)
    await bot.scheduler.tick()
    league = await bot.store.league(1)
    assert league is not None and (league.status, league.round) == ("playing", 1)
    boards = await bot.store.league_boards(1)
    assert [len(b.players) for b in boards] == [2, 2]
    assert sorted(p for b in boards for p in b.players) == sorted(u.id for u in players)
    for board in boards:  # each game in its own thread, pinging only its players
        game = await bot.store.game(board.game_id)
        assert game.status == "active" and game.thread_id is not None
        assert [s.user_id for s in game.seats] == list(board.players)
        pinged = {u for m in fake.messages(thread_of(world, game.thread_id)) for u in m.mentions}
        assert pinged and pinged <= set(board.players)
    league_thread = thread_of(world, league.thread_id)
    posts = [m for m in fake.messages(league_thread)]
    assert len(posts) == 1 and "**Round 1 of 2**" in posts[0].content
    for board in boards:  # the round's post links each game's thread
        game = await bot.store.game(board.game_id)
        assert f"<#{game.thread_id}>" in posts[0].content
    assert all(not m.mentions for m in posts)  # the league's thread pings nobody
    assert not league_card(world).buttons  # sign-up is over

    await finish_round(world, bot, 1, 1)
    await world.kill_bot(bot)  # a restart between the rounds
    bot = await start_bot(world, clock)
    await bot.scheduler.tick()
    await bot.scheduler.tick()  # a second tick draws nothing more
    boards = await bot.store.league_boards(1)
    assert [b.round for b in boards] == [1, 1, 2, 2]
    first = [as_board(b) for b in boards if b.round == 1]
    second = [frozenset(b.players) for b in boards if b.round == 2]
    assert not set(second) & met(first)  # no rematch
    winners = {b.players[0] for b in boards if b.round == 1}
    assert frozenset(winners) in second  # the two winners meet
    posts = [m.content for m in fake.messages(league_thread)]
    assert len(posts) == 2 and "**Round 1 results**" in posts[1] and "beat" in posts[1]

    await finish_round(world, bot, 1, 2)
    await bot.scheduler.tick()
    league = await bot.store.league(1)
    assert league.status == "over"
    end = fake.messages(league_thread)[-1]
    assert "is over!" in end.content and "🥇" in end.content and end.files
    champion = next(b.players[0] for b in boards if b.round == 2 and set(b.players) == winners)
    assert f"🥇 <@{champion}>: 2 points" in end.content

    table = await fake.slash(bot, world.carol, world.channel, "parley league standings")
    assert "final table" in private_reply(table) and table.messages[-1].files
    listed = await fake.slash(bot, world.carol, world.channel, "parley league list", season="2026")
    assert "#1 **Spring** (Cardinal, Swiss, 2 rounds): over" in private_reply(listed)
    board = await fake.slash(
        bot,
        world.carol,
        world.channel,
        "parley leaderboard",
        game="cardinal",
        season="2026",
        everyone=True,
    )
    ranks = private_reply(board)
    assert "Cardinal · season 2026 leaderboard" in ranks
    assert ranks.index(f"<@{champion}>") < min(
        ranks.index(f"<@{u.id}>") for u in players if u.id != champion
    )


async def test_a_player_who_leaves_is_replaced_by_the_autopilot_and_gets_no_new_games(
    world: World,
):
    """ "A player who leaves is replaced by the autopilot for their open games and gets no
    new ones." """
    fake = world.fake
    clock = FakeClock()
    bot = await start_bot(world, clock)
    fake.add_member(world.guild, olga := fake.add_user("olga"), manage_guild=True)
    fake.add_member(world.guild, dave := fake.add_user("dave"))
    await fake.slash(
        bot,
        olga,
        world.channel,
        "parley league new",
        name="Cup",
        game="cardinal",
        format="knockout",
        signup_hours=1.0,
        options="first=orange",
    )
    for user in (world.alice, world.bob, world.carol, dave):
        await fake.click(bot, user, league_card(world), "parley:league:1:join")
    clock.advance(HOUR)
    await bot.scheduler.tick()
    left = await fake.slash(bot, dave, world.channel, "parley league leave", league=1)
    assert "The autopilot takes over your games in progress" in private_reply(left)
    await bot.scheduler.tick()
    (board,) = [b for b in await bot.store.league_boards(1) if dave.id in b.players]
    game = await bot.store.game(board.game_id)
    seat = game.seats[game.seat_of(dave.id)]
    assert seat.resigned  # the autopilot plays it (Orange begins: Dave is not due yet)
    thread = thread_of(world, game.thread_id)
    assert any(f"<@{dave.id}> left the league." in m.content for m in fake.messages(thread))
    again = await fake.slash(bot, dave, world.channel, "parley league leave", league=1)
    assert "You are not playing in this league." in private_reply(again)


async def test_a_league_button_of_another_server_is_refused(world: World):
    """The sign-up button, forged in another server or a DM, reaches no league there."""
    bot = await start_bot(world, FakeClock())
    item = LeagueButton(1, "join")
    message = components.forged(world.fake, world.channel, item)
    pressed = await components.press(world.fake, bot, world.alice, message, item)
    assert "There is no league #1 in this server." in private_reply(pressed)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # the words, not the store
async def test_a_league_with_too_few_players_is_called_off(world: World):
    fake = world.fake
    clock = FakeClock()
    bot = await start_bot(world, clock)
    fake.add_member(world.guild, olga := fake.add_user("olga"), manage_guild=True)
    await fake.slash(
        bot,
        olga,
        world.channel,
        "parley league new",
        name="Lonely",
        game="cardinal",
        format="knockout",
        signup_hours=1.0,
    )
    await fake.click(bot, world.alice, league_card(world), "parley:league:1:join")
    clock.advance(HOUR)
    await bot.scheduler.tick()
    league = await bot.store.league(1)
    assert league.status == "cancelled"
    assert "called off" in fake.messages(thread_of(world, league.thread_id))[-1].content


@pytest.mark.parametrize(
    "database", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
async def test_two_processes_draw_each_round_once_and_make_each_game_once(database: str):
    """Several processes run every due league on their ticks: on one PostgreSQL database,
    two stores (two pools, as two processes have) stepping one league at once draw each round
    once and give each board one game."""
    clock = FakeClock()
    stores = [await PostgresStore.open(database, clock=clock) for _ in range(2)]
    try:
        league = await stores[0].create_league(
            LeagueDraft(
                1, 2, 3, "Race", "cardinal", {}, 86400, "autopilot", "swiss", 3, 2, clock.now, True
            )
        )
        await stores[0].set_league_places(league.id, 10, 11)
        for user in range(100, 106):
            await stores[0].join_league(league.id, user)
        runners = [LeagueRounds(s, GameService(s)) for s in stores]
        for _ in range(3):
            await asyncio.gather(*(r.step(league.id, clock.now) for r in runners))
        boards = await stores[1].league_boards(league.id)
        assert [b.round for b in boards] == [1, 1, 1]
        games = [b.game_id for b in boards]
        assert None not in games and len(set(games)) == 3
        made = await stores[1].games_with_state("cardinal", 0, 100)
        assert sorted(g.id for g in made) == sorted(games)  # no game made twice
        assert all(g.status == "active" for g in made)
    finally:
        for store in stores:
            await store.close()


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # the words and the rating rule
async def test_the_league_role_creates_leagues_and_an_unrated_leagues_games_stay_unrated(
    world: World,
):
    """ "`/parley league new GAME` (server members with Manage Server, or a role the server
    names) ... and whether it is rated." """
    fake = world.fake
    clock = FakeClock()
    bot = await start_bot(world, clock)
    fake.add_member(world.guild, olga := fake.add_user("olga"), manage_guild=True)
    organisers = fake.add_role(world.guild, "Organisers")
    fake.add_member(world.guild, rita := fake.add_user("rita"), roles=[organisers])
    refused = await fake.slash(bot, rita, world.channel, "parley league role", role=organisers)
    assert "Only a member with Manage Server" in private_reply(refused)
    named = await fake.slash(bot, olga, world.channel, "parley league role", role=organisers)
    assert "can now create leagues here" in private_reply(named)
    made = await fake.slash(
        bot,
        rita,
        world.channel,
        "parley league new",
        name="Friendly",
        game="cardinal",
        format="knockout",
        signup_hours=1.0,
        rated=False,
    )
    assert "open for sign-up" in private_reply(made)
    for user in (world.alice, world.carol):
        await fake.click(bot, user, league_card(world), "parley:league:1:join")
    clock.advance(HOUR)
    await bot.scheduler.tick()
    await finish_round(world, bot, 1, 1)
    await bot.scheduler.tick()
    (board,) = await bot.store.league_boards(1)
    game = await bot.store.game(board.game_id)
    assert game.status == "over" and game.result["rated"] is False
    assert await bot.store.ratings(world.guild.id, "cardinal") == []
    assert (await bot.store.league(1)).status == "over"

"""Ratings, records and rematches (issue 16): "Every finished game updates per-server ratings
with the `openskill` library (Plackett-Luce; teams in Tortuga, the Dutch player on their own
side, shared wins as ties). A game decided by a kick, forfeit or autopilot is marked so and can
be left out of ratings by a server setting." ... "`/parley stats`", "`/parley leaderboard`",
"A Rematch button on the final post opens a new lobby with the same seats and options"."""

from __future__ import annotations

import io

import pytest
from discord import Permissions
from openskill.models import PlackettLuce
from PIL import Image

from bot.storage import open_store
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import DEFAULT_BOT, FakeChannel, FakeMessage, FakeUser
from tests.bot.helpers import button_id, private_reply, resign
from tests.bot.history_helpers import fast_forward, final_posts, game_seed, players, random_game
from tests.bot.time_helpers import open_game

MODEL = PlackettLuce()


async def finish_cardinal(world: World, bot_, users: list[FakeUser], seed: int) -> list[int]:
    """A Cardinal game between ``users`` played to its end (the last move through Discord);
    its winners."""
    game_id = await open_game(world, bot_, "cardinal", clock="none", players=users)
    game = await bot_.store.game(game_id)
    moves = random_game("cardinal", 2, game.seed, game.options, pick=seed)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    await world.fake.slash(bot_, users[seat], world.thread(), "parley move", action=action)
    game = await bot_.store.game(game_id)
    assert game.status == "over" and game.result["rated"] is True
    return game.result["winners"]


async def test_ratings_after_a_few_games_match_openskill(world: World, monkeypatch):
    """Three Cardinal games and a Tortuga game (teams, the Dutch player alone): the stored
    ratings are openskill's Plackett-Luce, computed here directly game after game."""
    alice, carol = world.alice, world.carol
    bot_ = await world.start_bot()
    expected: dict[int, list] = {}  # Cardinal ratings, game after game
    fresh: dict[int, list] = {}  # Tortuga's (each game has its own ratings)

    def rated(user: FakeUser, book: dict[int, list]):
        return book.setdefault(user.id, [MODEL.rating()])[-1]

    for number, seats in enumerate([(alice, carol), (carol, alice), (alice, carol)]):
        winners = await finish_cardinal(world, bot_, list(seats), seed=number)
        teams = [[rated(seats[0], expected)], [rated(seats[1], expected)]]
        ranks = [0 if s in winners or not winners else 1 for s in (0, 1)]
        for user, (new,) in zip(seats, MODEL.rate(teams, ranks=ranks), strict=True):
            expected[user.id].append(new)

    game_seed(monkeypatch, 11)  # 5 players: P1 Dutch, P3 and P4 British, P2 and P5 French
    users = players(world, 5)
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    moves = random_game("tortuga", 5, 11, pick=8)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    await world.fake.slash(bot_, users[seat], world.thread(), "parley move", action=action)
    game = await bot_.store.game(game_id)
    spec = REGISTRY["tortuga"]
    sides = spec.sides(spec.load(game.state))
    assert sides == [[2, 3], [1, 4], [0]] and game.result["winners"] == [1, 4]
    teams = [[rated(users[s], fresh) for s in side] for side in sides]
    for side, team in zip(sides, MODEL.rate(teams, ranks=[1, 0, 1]), strict=True):
        for s, new in zip(side, team, strict=True):
            fresh[users[s].id].append(new)

    cardinal = {r.user_id: r for r in await bot_.store.ratings(world.guild.id, "cardinal")}
    tortuga = {r.user_id: r for r in await bot_.store.ratings(world.guild.id, "tortuga")}
    for user in (alice, carol):
        assert cardinal[user.id].games == 3
        assert cardinal[user.id].mu == pytest.approx(expected[user.id][3].mu)
        assert cardinal[user.id].sigma == pytest.approx(expected[user.id][3].sigma)
    for user in users:
        assert tortuga[user.id].games == 1
        assert tortuga[user.id].mu == pytest.approx(fresh[user.id][-1].mu)
        assert tortuga[user.id].sigma == pytest.approx(fresh[user.id][-1].sigma)
    assert tortuga[users[0].id].mu < tortuga[users[1].id].mu  # the Dutch lost alone

    # The same game settled again (a restart before its post) counts once.
    await bot_.herald.standings.settle(game_id)
    again = {r.user_id: r for r in await bot_.store.ratings(world.guild.id, "tortuga")}
    assert again == tortuga

    stats = private_reply(await world.fake.slash(bot_, carol, world.channel, "parley stats"))
    won = sum([carol.id in await winners_of(bot_, g) for g in range(1, 5)])
    assert f"📊 **<@{carol.id}>** on this server (all games)" in stats
    assert f"Games played: 4 · won: {won} ({round(100 * won / 4)}%)" in stats
    shown = round(1500 + 7 * (expected[carol.id][3].mu - 3 * expected[carol.id][3].sigma))
    assert f"Cardinal {shown}? (3 rated)" in stats and "? = provisional" in stats
    assert (
        "Favourite game: Cardinal (3 games)" in stats and "Longest game: #4 Tortuga 1667" in stats
    )
    theirs = await world.fake.slash(
        bot_, alice, world.channel, "parley stats", player=users[4], game="tortuga"
    )
    assert "Games played: 1 · won: 1 (100%)" in private_reply(theirs)
    board = private_reply(
        await world.fake.slash(
            bot_, alice, world.channel, "parley leaderboard", game="tortuga", all=True
        )
    )
    order = sorted(tortuga.values(), key=lambda r: r.mu - 3 * r.sigma, reverse=True)
    assert board.splitlines()[0] == "🏅 **Tortuga 1667 leaderboard**, page 1 of 1"
    assert [line.split()[1] for line in board.splitlines()[1:-1]] == [
        f"<@{r.user_id}>:" for r in order
    ]
    assert board.splitlines()[-1] == "? = provisional."


async def winners_of(bot_, game_id: int) -> set[int]:
    game = await bot_.store.game(game_id)
    return {game.user_of(s) for s in game.result["winners"]}


async def test_forfeits_are_marked_and_a_server_can_leave_them_out(world: World):
    """A resignation ends a 2-player game: the final post says it was not played out and its
    secrets are told; it counts by default, and not once the server leaves such games out."""
    alice, carol, bob = world.alice, world.carol, world.bob
    admin = world.fake.add_user("admin")
    world.fake.add_member(world.guild, admin, manage_guild=True)
    bot_ = await world.start_bot()
    for number, counted in ((1, True), (2, False)):
        game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
        await world.fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
        await resign(world.fake, bot_, carol, world.thread())
        game = await bot_.store.game(game_id)
        assert game.result["forced"] == "forfeit" and game.result["rated"] is counted
        story = "\n".join(p.content for p in final_posts(world))
        assert "Decided by a forfeit, not played out." in story
        assert "Nothing was hidden in Cardinal" in story
        if number == 1:
            refused = await world.fake.slash(
                bot_, bob, world.channel, "parley settings", forced_games="leave out"
            )
            assert (
                private_reply(refused)
                == "Only a member with Manage Server can change `forced_games`."
            )
            done = await world.fake.slash(
                bot_, admin, world.channel, "parley settings", forced_games="leave out"
            )
            assert "are left out of the ratings" in private_reply(done)
    (alice_rating,) = [
        r for r in await bot_.store.ratings(world.guild.id, "cardinal") if r.user_id == alice.id
    ]
    assert alice_rating.games == 1


async def test_rematch_opens_one_lobby_with_the_same_seats_and_options(world: World):
    alice, carol, bob = world.alice, world.carol, world.bob
    bot_ = await world.start_bot()
    await open_game(world, bot_, "cardinal", "first=orange", clock="24h", players=[alice, carol])
    old_thread = world.thread()
    await world.fake.slash(bot_, alice, old_thread, "parley move", action="place c3")
    await resign(world.fake, bot_, carol, old_thread)
    final = final_posts(world)[-1]
    rematch = button_id(final, "Rematch")

    outsider = await world.fake.click(bot_, bob, final, rematch)
    assert private_reply(outsider) == "Only the players of this game can open its rematch."
    opened = await world.fake.click(bot_, carol, final, rematch)
    new, old = await bot_.store.game(2), await bot_.store.game(1)
    assert new.status == "lobby" and new.options == old.options and old.options["first"] == "orange"
    assert [s.user_id for s in new.seats] == [alice.id, carol.id] and new.host_id == alice.id
    assert new.thread_id == world.thread().id != old_thread.id
    assert private_reply(opened).startswith(f"Rematch #2 is open: <#{new.thread_id}>.")
    assert f"🔁 <@{carol.id}> opened a rematch" in world.fake.messages(old_thread)[-1].content
    again = await world.fake.click(bot_, alice, final, rematch)
    assert private_reply(again).startswith(f"Rematch #2 is open: <#{new.thread_id}>.")
    assert await bot_.store.game(3) is None  # one lobby, however many clicks
    card = [m for m in world.fake.messages(world.channel) if m.embeds][-1]
    assert f"<@{alice.id}>" in str(card.embeds) and f"<@{carol.id}>" in str(card.embeds)
    assert "Move clock" in str(card.embeds) and "24 hours" in str(card.embeds)  # as before
    await world.fake.click(bot_, alice, card, "parley:lobby:2:start")
    assert (await bot_.store.game(2)).status == "active"
    playing = await world.fake.click(bot_, carol, final, rematch)
    assert private_reply(playing) == f"Rematch #2 is already being played: <#{new.thread_id}>."


async def finished_with_rematch_button(world: World, bot_) -> tuple[FakeMessage, str]:
    """Game #1 (Alice and Carol) over by a resignation: its final post and Rematch button."""
    alice, carol = world.alice, world.carol
    await open_game(world, bot_, "cardinal", "first=orange", clock="none", players=[alice, carol])
    await world.fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    await resign(world.fake, bot_, carol, world.thread())
    final = final_posts(world)[-1]
    return final, button_id(final, "Rematch")


def lobby_cards(world: World, game_id: int) -> list[FakeMessage]:
    """The lobby cards of game ``game_id`` in the channel."""
    return [
        m
        for m in world.fake.messages(world.channel)
        if m.embeds and m.embeds[0].get("title", "").endswith(f"game #{game_id}")
    ]


def threads_of(world: World, game_id: int) -> list[FakeChannel]:
    return [t for t in world.fake.threads(world.channel) if t.name.endswith(f" #{game_id}")]


async def test_a_rematch_click_racing_the_tick_opens_one_lobby(world: World, monkeypatch):
    """The click saves the rematch (owing its opening) and the scheduler's tick finishes that
    opening before the click goes on: one lobby card and one thread all the same, and the
    click's answer and its line in the old thread point to that thread."""
    carol = world.carol
    bot_ = await world.start_bot()
    final, rematch = await finished_with_rematch_button(world, bot_)
    old_thread = world.thread()
    create = bot_.store.create_rematch
    ticked: list[bool] = []

    async def tick_meanwhile(*args, **kwargs):
        made = await create(*args, **kwargs)
        await bot_.scheduler.tick()  # its finish-opening step finds the lobby saved
        ticked.append(True)
        return made

    monkeypatch.setattr(bot_.store, "create_rematch", tick_meanwhile)
    opened = await world.fake.click(bot_, carol, final, rematch)
    assert ticked
    new = await bot_.store.game(2)
    assert len(lobby_cards(world, 2)) == 1 and len(threads_of(world, 2)) == 1
    assert new.thread_id == threads_of(world, 2)[0].id
    assert private_reply(opened).startswith(f"Rematch #2 is open: <#{new.thread_id}>.")
    told = [m for m in world.fake.messages(old_thread) if "opened a rematch" in m.content]
    assert len(told) == 1 and f"<#{new.thread_id}>" in told[0].content
    await bot_.scheduler.tick()
    assert len(lobby_cards(world, 2)) == 1 and len(threads_of(world, 2)) == 1


@pytest.mark.parametrize(
    "database", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)
async def test_a_rematch_another_process_is_opening_is_left_to_it(world: World, monkeypatch):
    """Several processes on one database: when the click comes, another process holds the
    saved rematch (its tick is opening it). The click posts nothing and says so; the one
    opening gives one lobby card and thread."""
    bot_ = await world.start_bot()
    final, rematch = await finished_with_rematch_button(world, bot_)
    other = await open_store(world.database)  # the other process
    create = bot_.store.create_rematch

    async def held_elsewhere(*args, **kwargs):
        made = await create(*args, **kwargs)
        assert await other.claim(made[0].id)
        return made

    monkeypatch.setattr(bot_.store, "create_rematch", held_elsewhere)
    try:
        clicked = await world.fake.click(bot_, world.carol, final, rematch)
        assert private_reply(clicked) == "Rematch #2 is being opened right now."
        assert lobby_cards(world, 2) == [] and threads_of(world, 2) == []
        await other.release(2)  # had it died instead, its lease would lapse all the same
    finally:
        await other.close()
    await bot_.scheduler.tick()
    assert len(lobby_cards(world, 2)) == 1 and len(threads_of(world, 2)) == 1


async def test_a_crash_after_the_rematch_is_saved_still_opens_one_lobby(world: World):
    """The rematch is saved and the bot dies before posting anything: at start-up its lobby
    is opened once, and a later click finds it."""
    bot_ = await world.start_bot()
    final, rematch = await finished_with_rematch_button(world, bot_)
    await bot_.store.create_rematch(1, 77)  # what the click saved before the crash
    await world.kill_bot(bot_)
    bot_ = await world.start_bot()
    assert len(lobby_cards(world, 2)) == 1 and len(threads_of(world, 2)) == 1
    again = await world.fake.click(bot_, world.alice, final, rematch)
    new = await bot_.store.game(2)
    assert private_reply(again).startswith(f"Rematch #2 is open: <#{new.thread_id}>.")
    assert len(lobby_cards(world, 2)) == 1 and len(threads_of(world, 2)) == 1


async def test_rematch_after_the_rematch_was_cancelled_opens_a_new_one(world: World):
    """The rematch's lobby is cancelled; the players press Rematch again because they want to
    play after all: a new rematch lobby opens (not "Rematch #2 is open")."""
    alice, carol = world.alice, world.carol
    bot_ = await world.start_bot()
    final, rematch = await finished_with_rematch_button(world, bot_)
    await world.fake.click(bot_, carol, final, rematch)
    (card,) = lobby_cards(world, 2)
    await world.fake.click(bot_, alice, card, "parley:lobby:2:cancel")
    assert (await bot_.store.game(2)).status == "cancelled"

    again = await world.fake.click(bot_, alice, final, rematch)
    new = await bot_.store.game(3)
    assert new is not None and new.status == "lobby"
    assert [s.user_id for s in new.seats] == [alice.id, carol.id]
    assert private_reply(again).startswith(f"Rematch #3 is open: <#{new.thread_id}>.")
    assert len(lobby_cards(world, 3)) == 1 and len(threads_of(world, 3)) == 1
    later = await world.fake.click(bot_, carol, final, rematch)
    assert private_reply(later).startswith(f"Rematch #3 is open: <#{new.thread_id}>.")
    assert await bot_.store.game(4) is None


async def test_a_rematch_the_channel_refuses_is_called_off_and_can_be_pressed_again(
    world: World,
):
    """The channel no longer lets the bot post: the rematch is called off with words that say
    why, and pressed again once the permission is back, a new rematch opens."""
    fake = world.fake
    bot_ = await world.start_bot()
    final, rematch = await finished_with_rematch_button(world, bot_)
    fake.set_bot_permissions(
        world.guild, DEFAULT_BOT.value & ~Permissions(send_messages=True).value
    )
    refused = await fake.click(bot_, world.carol, final, rematch)
    assert private_reply(refused) == (
        "I could not open the rematch's lobby in that channel (I lack a permission there, or "
        "it is gone): use `/parley new`."
    )
    assert (await bot_.store.game(2)).status == "cancelled" and lobby_cards(world, 2) == []

    fake.set_bot_permissions(world.guild, DEFAULT_BOT)
    again = await fake.click(bot_, world.carol, final, rematch)
    new = await bot_.store.game(3)
    assert private_reply(again).startswith(f"Rematch #3 is open: <#{new.thread_id}>.")
    assert len(lobby_cards(world, 3)) == 1 and len(threads_of(world, 3)) == 1


async def test_the_leaderboard_is_paged(world: World):
    """23 rated players: three pages of ten, turned in place with the buttons."""
    bot_ = await world.start_bot()
    rows = [(world.guild.id, "ship", 9000 + n, 20.0 + n, 2.0, n + 5) for n in range(23)]
    columns = ["guild_id", "game_key", "user_id", "mu", "sigma", "games"]
    await bot_.store.write_rows("ratings", columns, rows)  # type: ignore[attr-defined]
    reply = await world.fake.slash(
        bot_, world.alice, world.channel, "parley leaderboard", game="ship"
    )
    page = reply.messages[-1]
    lines = page.content.splitlines()
    assert lines[0] == "🏅 **Ship (Stern vs Bow) leaderboard**, page 1 of 3"
    assert lines[1] == "**1.** <@9022>: 1752 (27 rated games)" and len(lines) == 11
    assert [b.label for b in page.buttons] == ["◀ Older", "Newer ▶"]
    assert page.buttons[0].disabled and not page.buttons[1].disabled
    for number in (2, 3):
        await world.fake.click(bot_, world.alice, page, button_id(page, "Newer ▶"))
        assert page.content.startswith(
            f"🏅 **Ship (Stern vs Bow) leaderboard**, page {number} of 3"
        )
    assert page.content.splitlines()[-1] == "**23.** <@9000>: 1598 (5 rated games)"
    assert page.buttons[1].disabled
    empty = await world.fake.slash(
        bot_, world.alice, world.channel, "parley leaderboard", game="cardinal"
    )
    assert private_reply(empty) == "Nobody has a Cardinal rating on this server yet: finish a game!"


async def test_the_leaderboard_leaves_provisional_players_out_unless_asked(world: World):
    """Ratings still provisional ('?': fewer than five rated games, or unsure) are left off
    the leaderboard, with a line saying how many; ``all:True`` lists them, page after page."""
    bot_ = await world.start_bot()
    settled = [(world.guild.id, "ship", 9000 + n, 30.0 + n, 2.0, 5 + n) for n in range(12)]
    unsure = [(world.guild.id, "ship", 9100 + n, 45.0, 2.0, 2) for n in range(2)]
    unsure.append((world.guild.id, "ship", 9200, 45.0, 8.0, 30))  # many games, still unsure
    columns = ["guild_id", "game_key", "user_id", "mu", "sigma", "games"]
    await bot_.store.write_rows("ratings", columns, settled + unsure)  # type: ignore[attr-defined]
    reply = await world.fake.slash(
        bot_, world.alice, world.channel, "parley leaderboard", game="ship"
    )
    lines = reply.messages[-1].content.splitlines()
    assert lines[0] == "🏅 **Ship (Stern vs Bow) leaderboard**, page 1 of 2"
    assert lines[1] == "**1.** <@9011>: 1745 (16 rated games)"  # 1500 + 7 * (41 - 3 * 2)
    assert "?" not in "\n".join(lines[1:-1]) and len(lines) == 12
    assert lines[-1].startswith("3 provisional players not listed")
    assert "`all:True`" in lines[-1]

    every = await world.fake.slash(
        bot_, world.alice, world.channel, "parley leaderboard", game="ship", all=True
    )
    page = every.messages[-1]
    lines = page.content.splitlines()
    assert lines[0] == "🏅 **Ship (Stern vs Bow) leaderboard**, page 1 of 2"
    assert lines[1:4] == [
        "**1.** <@9100>: 1773? (2 rated games)",
        "**2.** <@9101>: 1773? (2 rated games)",
        "**3.** <@9011>: 1745 (16 rated games)",
    ]
    await world.fake.click(bot_, world.alice, page, button_id(page, "Newer ▶"))
    assert page.content.startswith("🏅 **Ship (Stern vs Bow) leaderboard**, page 2 of 2")
    assert page.content.splitlines()[-2:] == [
        "**15.** <@9200>: 1647? (30 rated games)",  # 1500 + 7 * (45 - 3 * 8)
        "? = provisional.",
    ]

    await bot_.store.write_rows(  # type: ignore[attr-defined]
        "ratings", columns, [(world.guild.id, "cardinal", 9300, 30.0, 8.0, 1)]
    )
    only = await world.fake.slash(
        bot_, world.alice, world.channel, "parley leaderboard", game="cardinal"
    )
    assert private_reply(only) == (
        "Every Cardinal rating on this server is still provisional (1 player): "
        "`/parley leaderboard game:cardinal all:True` lists them."
    )


async def test_stats_draws_the_rating_over_time_from_two_rated_games(world: World):
    """``/parley stats`` for one game attaches a chart of the player's rating after each of
    their rated games, once there are two; none before, and none for all games at once."""
    alice, carol = world.alice, world.carol
    bot_ = await world.start_bot()
    await finish_cardinal(world, bot_, [alice, carol], seed=0)
    one = await world.fake.slash(bot_, alice, world.channel, "parley stats", game="cardinal")
    assert "Rating: Cardinal 15" in private_reply(one) and not one.messages[-1].files
    await finish_cardinal(world, bot_, [carol, alice], seed=1)
    two = await world.fake.slash(bot_, alice, world.channel, "parley stats", game="cardinal")
    (chart,) = two.messages[-1].files
    assert chart.data.startswith(b"\x89PNG") and chart.filename == "rating-cardinal.png"
    with Image.open(io.BytesIO(chart.data)) as image:
        assert image.size == (600, 240)
    everything = await world.fake.slash(bot_, alice, world.channel, "parley stats")
    assert not everything.messages[-1].files

"""Play over days, part 1: move clocks, absent-player policies, the scheduler and restarts.
Time comes from an injected clock; nothing sleeps."""

from __future__ import annotations

import random

import pytest

from bot.play.undo import Undos
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    DAY,
    HOUR,
    T0,
    FakeClock,
    no_bot_warnings,
    open_game,
    start_bot,
    tick,
    to_act,
)

pytestmark = pytest.mark.usefixtures("no_bot_warnings")


def autopilot_posts(world: World) -> list[str]:
    return [m.content for m in world.thread_posts() if "autopilot plays" in m.content]


async def test_the_clock_shows_as_relative_timestamps_and_the_status_is_edited_in_place(
    world: World,
):
    """ "At `/parley new` the host picks a move clock ... shown everywhere as Discord relative
    timestamps" and "One living status message per game, pinned in its thread and edited in
    place ... every other post is silent except the single mention of whoever must act"."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    first = world.thread_posts()[-1]
    assert f"<t:{int(T0 + DAY)}:R>" in first.content
    assert first.mentions == [alice.id]
    status = world.status_message()
    assert status.pinned and status.mentions == []
    assert f"<@{alice.id}> (Orange) · due <t:{int(T0 + DAY)}:R>" in status.content
    assert "24 hours" in status.content

    clock.advance(2 * HOUR)
    await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    post = world.thread_posts()[-1]
    assert f"<t:{int(T0 + 2 * HOUR + DAY)}:R>" in post.content
    assert post.mentions == [carol.id]
    again = world.status_message()
    assert again.id == status.id and again.edits  # edited, not re-posted
    assert f"<@{carol.id}> (Green) · due <t:{int(T0 + 2 * HOUR + DAY)}:R>" in again.content
    pinned = [m for m in fake.messages(world.thread()) if m.content.startswith("📋")]
    assert len(pinned) == 1
    games = await fake.slash(bot, carol, world.channel, "parley games")
    assert f"**your turn** (clock runs out <t:{int(T0 + 2 * HOUR + DAY)}:R>)" in games.text

    # A restart does not post a second status message either.
    await world.kill_bot(bot)
    bot = await start_bot(world, clock)
    await tick(bot)
    await fake.slash(bot, carol, world.thread(), "parley move", action="place a5")
    pinned = [m for m in fake.messages(world.thread()) if m.content.startswith("📋")]
    assert len(pinned) == 1 and f"<@{alice.id}> (Orange)" in pinned[0].content


@pytest.mark.parametrize("key", sorted(REGISTRY))
async def test_the_autopilot_plays_a_legal_move_when_a_clock_runs_out(world: World, key: str):
    """ "When a deadline passes, the host's policy chosen at creation applies: autopilot (a legal
    move chosen by a simple policy, announced in the thread; secret choices get a random legal
    choice)" — for every registered game; simultaneous choices share one deadline."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, key, clock="12h")
    spec = REGISTRY[key]
    due = await to_act(bot, game_id)
    deadlines = await bot.store.deadlines(game_id)
    assert {d.seat for d in deadlines} == set(due)
    assert {d.due_at for d in deadlines} == {T0 + 12 * HOUR}  # one shared deadline
    start = spec.load((await bot.store.game(game_id)).state)
    if any(spec.secret_choice(start, s) for s in due):  # the DM says it too
        ballot = world.fake.dms(world.carol)[-1]
        assert f"Your clock runs out <t:{int(T0 + 12 * HOUR)}:R>" in ballot.content

    clock.advance(12 * HOUR - 1)
    await tick(bot)
    assert await bot.store.actions(game_id) == []  # not a second early

    clock.advance(1)
    await tick(bot)
    actions = await bot.store.actions(game_id)
    assert set(due) <= {seat for seat, _ in actions}  # every absent seat moved
    game = await bot.store.game(game_id)
    state = spec.new(len(game.seats), game.seed, game.options)
    for seat, action in actions:  # every move was legal: replaying them gives the state
        state = spec.apply(state, seat, action)
    assert spec.dump(state) == game.state
    assert autopilot_posts(world) or any(
        spec.secret_choice(spec.new(len(game.seats), game.seed, game.options), s) for s in due
    )
    # The next turns got fresh clocks, so another tick right away changes nothing.
    await tick(bot)
    assert await bot.store.actions(game_id) == actions
    assert all(d.due_at == T0 + 24 * HOUR for d in await bot.store.deadlines(game_id))


async def test_secret_votes_and_bids_are_autopiloted_until_the_game_ends(world: World):
    """ "secret choices get a random legal choice": nobody plays at all, the clocks run out
    again and again, and the autopilot plays secret bids (Caribbean) and votes (Tortuga)."""
    for key in ("caribbean", "tortuga"):
        clock = FakeClock()
        bot = await start_bot(world, clock)
        spec = REGISTRY[key]
        game_id = await open_game(world, bot, key, clock="12h")
        secret_moves: list[str] = []
        for _ in range(60):
            clock.advance(12 * HOUR)
            await tick(bot)
            game = await bot.store.game(game_id)
            state = spec.new(len(game.seats), game.seed, game.options)
            secret_moves = []
            for seat, action in await bot.store.actions(game_id):
                if spec.secret_choice(state, seat):
                    secret_moves.append(action)
                state = spec.apply(state, seat, action)  # legal, or this raises
            if secret_moves or game.status != "active":
                break
        assert secret_moves, key
        for message in world.fake.messages(world.thread()):  # secrets stay secret
            assert not any(f"`{move}`" in message.content for move in secret_moves)
        await world.kill_bot(bot)


async def test_a_restart_between_a_deadline_and_its_processing_neither_loses_nor_repeats_it(
    world: World,
):
    """ "Everything time-based is stored in SQLite ... nothing is lost or sent twice across
    restarts": a deadline passing while the bot is down, and a crash after the autopilot's move
    committed but before anything was sent."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    await world.kill_bot(bot)
    clock.advance(DAY + 60)  # Alice's deadline passes while the bot is down
    bot = await start_bot(world, clock)
    await tick(bot)
    await tick(bot)
    assert len(await bot.store.actions(game_id)) == 1
    assert len(autopilot_posts(world)) == 1

    clock.advance(DAY + 60)  # now Carol's clock runs out ...

    async def crash(game_id=None):  # ... and the bot dies before sending anything
        return None

    bot.herald.deliver = crash  # type: ignore[method-assign]
    await tick(bot)
    assert len(await bot.store.actions(game_id)) == 2
    assert len(autopilot_posts(world)) == 1
    await world.kill_bot(bot)

    bot = await start_bot(world, clock)  # owed posts go out at start-up, once
    await tick(bot)
    await tick(bot)
    assert len(await bot.store.actions(game_id)) == 2
    assert len(autopilot_posts(world)) == 2
    assert world.thread_posts()[-1].mentions == [world.alice.id]


async def test_forfeit_policy_ends_a_two_player_game(world: World):
    """ "When a deadline passes, the host's policy chosen at creation applies: ... or forfeit"."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="48h", absent="forfeit")
    clock.advance(2 * DAY)
    await tick(bot)
    game = await bot.store.game(game_id)
    assert game.status == "over" and game.result["winners"] == [1]
    final = world.thread_posts()[-1]
    assert "ran out of time and forfeits" in final.content and "🏆" in final.content
    assert "Game over" in world.status_message().content
    await tick(bot)
    assert len([m for m in world.thread_posts() if "forfeits" in m.content]) == 1


async def test_wait_policy_says_so_once_and_keeps_waiting(world: World):
    """ "... or wait": the thread is told once, nobody moves for the absent player."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="12h", absent="wait")
    for _ in range(3):
        clock.advance(12 * HOUR)
        await tick(bot)
    assert await bot.store.actions(game_id) == []
    notices = [m for m in world.thread_posts() if "chose to wait" in m.content]
    assert len(notices) == 1 and notices[0].mentions == [world.alice.id]
    await world.fake.slash(bot, world.alice, world.thread(), "parley move", action="place a1")
    assert len(await bot.store.actions(game_id)) == 1


async def test_a_game_without_a_clock_never_times_out(world: World):
    """ "none" is a clock choice: such a game waits for ever, but still has its status."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="none")
    clock.advance(30 * DAY)
    await tick(bot)
    assert await bot.store.actions(game_id) == []
    assert "No clock" in world.status_message().content
    assert "<t:" not in world.thread_posts()[-1].content


def road_to_atlantis(players: int) -> tuple[int, list[tuple[int, str]]]:
    """A seed and random legal actions that lead to an Atlantis offer (found by search)."""
    spec = REGISTRY["tortuga"]
    for seed in range(1000):
        picker, state, road = random.Random(seed), spec.new(players, seed), []
        while spec.outcome(state) is None and len(road) < 300:
            due = spec.to_act(state)
            if any(spec.default_action(state, seat) for seat in due):
                return seed, road
            seat = picker.choice(due)
            road.append((seat, picker.choice(spec.legal_actions(state, seat))))
            state = spec.apply(state, *road[-1])
    raise AssertionError("no Atlantis offer found")


async def test_an_unanswered_atlantis_offer_is_kept_after_an_hour(world: World, monkeypatch):
    """Ruling A21: "Prompt the holder ... before every turn, with a short timeout defaulting to
    'no'": the game never waits a whole move clock (nor a vacation) on the offer, and the
    default applies even when the host's policy is to wait."""
    spec = REGISTRY["tortuga"]
    seed, road = road_to_atlantis(players=3)
    monkeypatch.setattr("bot.play.service.secrets.randbits", lambda _bits: seed)
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(
        world,
        bot,
        "tortuga",
        clock="24h",
        absent="wait",
        players=[world.alice, world.bob, world.carol],
    )
    game = await bot.store.game(game_id)
    for seat, action in road:
        await bot.service.act(game_id, game.user_of(seat), action)
    await tick(bot)
    state = spec.load((await bot.store.game(game_id)).state)
    holder = next(s for s in spec.to_act(state) if spec.default_action(state, s))
    deadline = next(d for d in await bot.store.deadlines(game_id) if d.seat == holder)
    assert deadline.due_at == clock.now + HOUR  # not the 24-hour move clock

    clock.advance(HOUR - 1)
    await tick(bot)
    assert len(await bot.store.actions(game_id)) == len(road)
    clock.advance(1)
    await tick(bot)
    assert (await bot.store.actions(game_id))[len(road) :] == [(holder, "keep atlantis")]
    after = spec.load((await bot.store.game(game_id)).state)
    assert not any(spec.default_action(after, s) for s in spec.to_act(after))
    # The holder's turn goes on: the thread tells the default with that turn, once it ends.
    while spec.to_act(after) == [holder]:
        action = spec.legal_actions(after, holder)[0]
        after = (await bot.service.act(game_id, game.user_of(holder), action)).game
        after = spec.load(after.state)
    await bot.herald.deliver(game_id)
    told = [m.content for m in world.thread_posts() if "No answer from" in m.content]
    assert len(told) == 1 and f"<@{game.user_of(holder)}>" in told[0]
    assert "keeps Atlantis" in told[0]


def meanwhile(monkeypatch, bot, commit) -> list[object]:
    """``commit`` lands after the tick judged a clock run out and before its expiry acts, as a
    click does while the tick is at work (the click's own delivery then waits for the tick);
    what it returned, once it ran."""
    deadlines = bot.timekeeper.deadlines
    expire = deadlines.expire
    landed: list[object] = []

    async def commit_first(*args, **kwargs):
        if not landed:
            landed.append(await commit())
        return await expire(*args, **kwargs)

    monkeypatch.setattr(deadlines, "expire", commit_first)
    return landed


@pytest.mark.parametrize("absent", ["forfeit", "wait", "autopilot"])
async def test_a_move_made_while_the_tick_handles_its_clock_ends_the_turn(
    world: World, monkeypatch, absent: str
):
    """A deadline acts only on the turn it was set for: Green moves (and is answered Done)
    while the tick handles Green's run-out clock; Green neither forfeits, nor is told the
    clock ran out, nor is played for."""
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h", absent=absent)
    await world.fake.slash(bot, world.alice, world.thread(), "parley move", action="place a1")
    clock.advance(DAY + 1)
    landed = meanwhile(
        monkeypatch, bot, lambda: bot.service.act(game_id, world.carol.id, "place a5")
    )
    await tick(bot)
    assert landed, "the clock did not run out"
    game = await bot.store.game(game_id)
    assert game.status == "active"
    assert await bot.store.actions(game_id) == [(0, "place a1"), (1, "place a5")]
    told = [m.content for m in world.thread_posts()]
    assert not [t for t in told if "forfeit" in t or "ran out" in t or "autopilot" in t], told
    (deadline,) = await bot.store.deadlines(game_id)  # Orange's turn, with a fresh clock
    assert (deadline.seat, deadline.turn, deadline.due_at) == (0, 2, clock.now + DAY)


async def test_an_undo_approved_while_the_tick_handles_the_clock_does_not_forfeit(
    world: World, monkeypatch
):
    """Green asks to take back their move and Orange agrees while the tick handles Green's
    run-out clock: the game is back where Green is due, on a new turn with a fresh clock, and
    the old deadline forfeits nothing."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h", absent="forfeit")
    for user, action in ((alice, "place a1"), (carol, "place a5"), (alice, "place c3")):
        await fake.slash(bot, user, world.thread(), "parley move", action=action)
    await fake.slash(bot, carol, world.thread(), "parley undo")  # Orange must agree
    (old,) = await bot.store.deadlines(game_id)
    assert (old.seat, old.turn) == (1, 3)
    request = await bot.store.open_undo(game_id)
    assert request is not None
    clock.advance(DAY + 1)
    landed = meanwhile(
        monkeypatch,
        bot,
        lambda: Undos(bot.store).answer(game_id, request.id, alice.id, approve=True),
    )
    await tick(bot)
    assert landed, "the clock did not run out"
    game = await bot.store.game(game_id)
    assert game.status == "active" and game.version == 4
    assert not [m.content for m in world.thread_posts() if "forfeit" in m.content]
    (deadline,) = await bot.store.deadlines(game_id)  # Green due again: a new turn
    assert (deadline.seat, deadline.turn, deadline.due_at) == (1, 4, clock.now + DAY)
    assert await to_act(bot, game_id) == [1]

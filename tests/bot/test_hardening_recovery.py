"""Crashes and outages (issue 12, "No game left broken"): whatever a commit owes is recorded in
it and resumed after a restart, opening a game is one recoverable step, owed posts are never
dropped, and nothing is posted twice, even after an outage longer than Discord remembers a
message nonce.

A crash is modelled in the process: :class:`Crash` (a ``BaseException``, so no handler of the
bot's catches it) is raised at the chosen call, so nothing after it runs; the bot object is then
thrown away and a new one started on the same database, as a SIGKILL and a restart would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.discord.bot import ParleyBot
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import DEFAULT_BOT
from tests.bot.helpers import resign
from tests.bot.time_helpers import DAY, HOUR, FakeClock, open_game, start_bot, to_act


class Crash(BaseException):
    """The process dies here."""


def crash_at(
    monkeypatch: pytest.MonkeyPatch,
    owner: object,
    name: str,
    *,
    after: bool = False,
    when: Callable[..., bool] = lambda *args, **kwargs: True,
) -> None:
    """Die at the first call of ``owner.name`` for which ``when`` holds: before it runs, or
    (``after``) once it has run (committed, or reached Discord)."""
    real = getattr(owner, name)

    async def dying(*args: Any, **kwargs: Any) -> Any:
        if not when(*args, **kwargs):
            return await real(*args, **kwargs)
        monkeypatch.setattr(owner, name, real)
        if after:
            await real(*args, **kwargs)
        raise Crash(name)

    monkeypatch.setattr(owner, name, dying)


async def restart(world: World, bot: ParleyBot, clock: FakeClock, outage: float = 0) -> ParleyBot:
    await world.kill_bot(bot)
    clock.advance(outage)
    return await start_bot(world, clock)


def boards(world: World, channel) -> list[str]:
    return [f.filename for m in world.fake.messages(channel) for f in m.files]


# -- whatever a commit owes is resumed ----------------------------------------------------------


@pytest.mark.parametrize("how", ["resign", "kick"])
async def test_a_crash_between_a_resignation_and_the_autopilot(world: World, monkeypatch, how):
    """ "A SIGKILL between a resign (or kick) and the autopilot's move left the game stuck at
    version 0 a month later, and the resigned player could still move." """
    fake, alice, carol = world.fake, world.alice, world.carol
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "tortuga", clock="24h", players=[alice, carol, dave])
    spec = REGISTRY["tortuga"]
    game = await bot.store.game(game_id)
    first = spec.legal_actions(spec.load(game.state), 0)[0]
    await fake.slash(bot, alice, world.thread(), "parley move", action=first)
    assert await to_act(bot, game_id) == [1]  # Carol's turn

    crash_at(monkeypatch, bot.store, "finish", after=True)  # committed, then the process dies
    if how == "resign":
        await resign(fake, bot, carol, world.thread())
    else:
        await fake.slash(bot, alice, world.thread(), "parley kick", player=carol)
    game = await bot.store.game(game_id)
    assert game.seats[1].resigned and game.version == 1  # the autopilot never got to move

    bot = await restart(world, bot, clock)
    await bot.service.thoughts.settled()  # the start hands the owed move out
    game = await bot.store.game(game_id)
    assert game.version > 1 and 1 not in await to_act(bot, game_id)
    assert any("(autopilot)" in m.content for m in world.thread_posts())
    refused = await fake.slash(bot, carol, world.thread(), "parley move", action=first)
    assert "already left" in refused.text
    assert (await bot.store.game(game_id)).version == game.version
    assert await bot.store.autopilot_due() == []


# -- opening a game is one recoverable step -----------------------------------------------------


@pytest.mark.parametrize("outage", [0, HOUR], ids=["restart", "long-outage"])
@pytest.mark.parametrize("step", [1, 2], ids=["card-posted", "thread-made"])
async def test_a_crash_while_opening_a_lobby(world: World, monkeypatch, step, outage):
    """ "A crash while opening a lobby left a game with no thread, its posts marked sent though
    nothing reached Discord, and its 24 h clock turned into none." The crash comes after
    Discord took the lobby card (and, at the second step, its thread) but before the bot
    recorded it; the restart finishes the opening with one card and one thread."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    fake.clock = clock
    bot = await start_bot(world, clock)
    calls = []

    def nth(*args: Any, **kwargs: Any) -> bool:
        calls.append(args)
        return len(calls) == step

    crash_at(monkeypatch, bot.store, "set_places", when=nth)
    await fake.slash(bot, alice, world.channel, "parley new", game="cardinal", clock="24h")
    assert len(calls) == step, "the opening never reached that step"

    bot = await restart(world, bot, clock, outage)
    game = await bot.store.game(1)
    assert game.thread_id is not None and game.lobby_message_id is not None
    cards = [m for m in fake.messages(world.channel) if m.embeds and not m.deleted]
    assert [m.id for m in cards] == [game.lobby_message_id]
    assert [t.id for t in fake.threads(world.channel)] == [game.thread_id]
    assert (await bot.store.time_policy(1)).clock_seconds == DAY

    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    assert boards(world, world.thread()) == ["board-0.png"]
    assert await bot.store.unsent() == []


async def test_an_opening_the_channel_now_refuses_is_called_off(world: World, monkeypatch):
    """Resuming an opening in a channel that no longer takes threads calls the game off, takes
    its lobby card down and tells the host, as `/parley new` would have."""
    fake, alice = world.fake, world.alice
    clock = FakeClock()
    bot = await start_bot(world, clock)
    crash_at(monkeypatch, bot.store, "set_places")
    await fake.slash(bot, alice, world.channel, "parley new", game="cardinal")
    no_threads = DEFAULT_BOT.value & ~discord.Permissions(create_public_threads=True).value
    fake.set_bot_permissions(world.guild, no_threads)
    bot = await restart(world, bot, clock)
    assert (await bot.store.game(1)).status == "cancelled"
    assert all(m.deleted for m in fake.messages(world.channel) if m.embeds)
    assert "could not be opened" in fake.dms(alice)[-1].content
    assert await bot.store.unopened() == []


async def test_posts_of_a_game_without_its_thread_wait_for_it(world: World, monkeypatch):
    """A game still owed its opening (its opening died after the card went out) is joined
    and started by game id before the tick that finishes opening it: its posts wait, none is
    marked sent before its thread exists and has it."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    crash_at(monkeypatch, bot.store, "set_places")
    await fake.slash(bot, alice, world.channel, "parley new", game="cardinal")
    game = await bot.store.game(1)
    assert game.thread_id is None
    await bot.service.start(await bot.service.join(game, carol.id), alice.id)
    await bot.herald.deliver(1)
    assert [item.post.line for item in await bot.store.unsent(1)] == ["The game begins!"]

    await bot.scheduler.tick()
    assert (await bot.store.game(1)).thread_id is not None
    assert boards(world, world.thread()) == ["board-0.png"] and await bot.store.unsent() == []


# -- owed posts are never dropped ---------------------------------------------------------------


async def test_posts_owed_to_a_deleted_thread_wait_for_a_new_one(world: World):
    """ "Posts owed to a deleted thread were dropped (287 refused thread creations, then 0 board
    posts once the permission came back)." """
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    no_threads = DEFAULT_BOT.value & ~discord.Permissions(create_public_threads=True).value
    fake.set_bot_permissions(world.guild, no_threads)
    fake.delete_channel(world.thread())
    squares = ["a1", "a5", "b1", "b5"]
    for n, square in enumerate(squares):
        player = alice if n % 2 == 0 else carol
        clock.advance(HOUR)
        done = await fake.slash(
            bot, player, world.channel, "parley move", action=f"place {square}", game=game_id
        )
        assert "Done" in done.text and "Create Public Threads" in done.text, done.text
    refused = [r for r in fake.permission_refusals if "create_public_threads" in r]
    assert 0 < len(refused) <= 3 * len(squares)  # a few tries per move, not one per post

    fake.set_bot_permissions(world.guild, DEFAULT_BOT)
    await bot.scheduler.tick()
    new = world.thread()
    assert not new.deleted and (await bot.store.game(game_id)).thread_id == new.id
    assert boards(world, new) == [f"board-{v}.png" for v in range(1, 5)]
    assert await bot.store.unsent(game_id) == []


async def test_the_last_post_of_a_game_waits_for_the_permission_too(world: World):
    """A game over (here cancelled) whose last post the thread refuses: it waits, like any
    other, and goes out on a tick once the permission is back."""
    fake, alice = world.fake, world.alice
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    no_posting = DEFAULT_BOT.value & ~discord.Permissions(send_messages_in_threads=True).value
    fake.set_bot_permissions(world.guild, no_posting)
    await fake.slash(bot, alice, world.channel, "parley cancel", game=game_id)
    assert (await bot.store.game(game_id)).status == "cancelled"
    assert not any("cancelled the game" in m.content for m in world.thread_posts())

    fake.set_bot_permissions(world.guild, DEFAULT_BOT)
    await bot.scheduler.tick()
    assert any("cancelled the game" in m.content for m in world.thread_posts())
    assert await bot.store.unsent(game_id) == []


# -- nothing is posted twice ---------------------------------------------------------------------


@pytest.mark.parametrize("outage", [0, HOUR], ids=["restart", "long-outage"])
async def test_a_crash_right_after_posting_the_status_message(world: World, monkeypatch, outage):
    """ "A crash right after posting the status message left two status messages in the
    thread." """
    fake = world.fake
    clock = FakeClock()
    fake.clock = clock
    bot = await start_bot(world, clock)
    crash_at(  # Discord has the message; the bot dies before recording its id
        monkeypatch,
        bot.store,
        "set_status_message",
        when=lambda game_id, message_id: message_id in fake._messages,
    )
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    assert [m for m in fake.messages(world.thread()) if m.content.startswith("📋")]

    bot = await restart(world, bot, clock, outage)
    await bot.herald.deliver(game_id)
    statuses = [m for m in fake.messages(world.thread()) if m.content.startswith("📋")]
    assert len(statuses) == 1, [m.content for m in statuses]
    assert (await bot.store.time_policy(game_id)).status_message_id == statuses[0].id
    assert statuses[0].pinned


async def test_a_board_is_not_posted_twice_after_an_outage_longer_than_the_nonce(
    world: World, monkeypatch
):
    """ "Discord remembers a message nonce for minutes only: a restart after a longer outage
    posted the same board twice." The bot dies after Discord took the board post, before it
    recorded the post as delivered; it comes back an hour later."""
    fake, alice = world.fake, world.alice
    clock = FakeClock()
    fake.clock = clock
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    crash_at(monkeypatch, bot.store, "mark_sent")
    await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    assert boards(world, world.thread()) == ["board-0.png", "board-1.png"]
    assert len(await bot.store.unsent(game_id)) == 1

    bot = await restart(world, bot, clock, HOUR)
    assert boards(world, world.thread()) == ["board-0.png", "board-1.png"]
    assert await bot.store.unsent(game_id) == []


async def test_the_fake_forgets_a_nonce_after_its_window(world: World):
    """The fake Discord models the nonce window the bot must live with."""
    fake = world.fake
    clock = FakeClock()
    fake.clock = clock
    bot = await start_bot(world, clock)
    channel = bot.get_partial_messageable(world.channel.id)
    first = await channel.send("ahoy", nonce="n-1")
    assert (await channel.send("ahoy", nonce="n-1")).id == first.id
    clock.advance(fake.nonce_window)
    assert (await channel.send("ahoy", nonce="n-1")).id != first.id

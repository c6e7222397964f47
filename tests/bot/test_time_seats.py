"""Play over days, part 3: the host's `/parley sub` and `/parley kick`, and game threads that
are archived or deleted while a game is on."""

from __future__ import annotations

import pytest

from tests.bot.conftest import World
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    DAY,
    HOUR,
    FakeClock,
    no_bot_warnings,
    open_game,
    start_bot,
)

pytestmark = pytest.mark.usefixtures("no_bot_warnings")


async def test_the_host_hands_a_seat_to_someone_else(world: World):
    """ "Any time, the host can `/parley sub @user` to hand a seat to someone else (they get that
    seat's private view by DM)"; the newcomer gets a fresh clock and plays on."""
    fake, alice, bob, carol = world.fake, world.alice, world.bob, world.carol
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "caribbean", clock="24h", players=[alice, carol])
    refused = await fake.slash(
        bot, carol, world.thread(), "parley sub", player=alice, replacement=dave
    )
    assert "Only the host" in refused.text
    stranger = await fake.slash(
        bot, alice, world.thread(), "parley sub", player=bob, replacement=dave
    )
    assert "has no seat" in stranger.text

    clock.advance(20 * HOUR)
    done = await fake.slash(
        bot, alice, world.thread(), "parley sub", player=carol, replacement=dave
    )
    assert "now plays" in done.text
    game = await bot.store.game(game_id)
    assert game.seat_of(dave.id) == 1 and game.seat_of(carol.id) is None
    note = world.thread_posts()[-1]
    assert f"to <@{dave.id}>" in note.content and note.mentions == [dave.id]
    welcome = fake.dms(dave)[-1]
    assert "You take over this seat" in welcome.content
    assert welcome.buttons or welcome.selects  # the secret bid, by DM
    (deadline,) = [d for d in await bot.store.deadlines(game_id) if d.seat == 1]
    assert deadline.user_id == dave.id and deadline.due_at == clock() + DAY

    hand = await fake.slash(bot, dave, world.thread(), "parley hand")
    assert hand.ephemeral and "you are" in hand.text
    gone = await fake.slash(bot, carol, world.thread(), "parley hand")
    assert "not playing" in gone.text


async def test_the_host_kicks_a_player_and_the_autopilot_plays_their_seat(world: World):
    """ "... and `/parley kick`": in a 3-player game the kicked seat goes on autopilot; in a
    2-player game the other player wins."""
    fake, alice, carol = world.fake, world.alice, world.carol
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "tortuga", clock="24h", players=[alice, carol, dave])
    await fake.slash(bot, alice, world.thread(), "parley kick", player=carol)
    game = await bot.store.game(game_id)
    assert game.status == "active" and [s.resigned for s in game.seats] == [False, True, False]
    assert any(
        f"removed <@{carol.id}>" in m.content and "autopilot plays their seat" in m.content
        for m in world.thread_posts()
    )
    assert all(d.seat != 1 for d in await bot.store.deadlines(game_id))
    assert "(autopilot)" in world.status_message().content
    again = await fake.slash(bot, alice, world.thread(), "parley kick", player=carol)
    assert "not playing" in again.text


async def test_a_live_thread_is_reopened_and_a_deleted_one_replaced(world: World):
    """ "Keep a live game's thread from archiving (or reopen it on activity); if the thread or
    channel is deleted, the game goes on in a new thread and the host is told.\""""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    old = world.thread()
    fake.archive(old)  # Discord archives it after a quiet week: the next tick reopens it
    posts = len(fake.messages(old))
    await bot.scheduler.tick()
    assert not old.archived and len(fake.messages(old)) == posts
    fake.archive(old)
    clock.advance(HOUR)
    await fake.slash(bot, alice, old, "parley move", action="place a1")
    assert not old.archived

    fake.delete_channel(old)
    clock.advance(HOUR)
    await fake.slash(bot, carol, world.channel, "parley move", action="place a5", game=game_id)
    new = world.thread()
    assert new.id != old.id
    assert (await bot.store.game(game_id)).thread_id == new.id
    assert any(f"<#{new.id}>" in m.content for m in fake.dms(alice))
    assert world.status_message().pinned
    assert world.thread_posts()[-1].mentions == [alice.id]


async def test_a_game_whose_channel_is_deleted_goes_on_in_another_channel(world: World):
    """ "if the thread or channel is deleted, the game goes on in a new thread and the host is
    told." (the channel case)"""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    spare = fake.add_channel(world.guild, "games")
    old = world.thread()
    fake.delete_channel(old)
    fake.delete_channel(world.channel)
    clock.advance(HOUR)
    await fake.slash(bot, alice, spare, "parley move", action="place a1", game=game_id)
    new = fake.threads(spare)[-1]
    game = await bot.store.game(game_id)
    assert game.thread_id == new.id
    assert game.channel_id == spare.id  # the game now lives there
    assert any(f"<#{new.id}>" in m.content for m in fake.dms(alice))
    assert fake.messages(new)[-1].mentions == [carol.id]

"""Play over days, part 2: the reminder ladder, quiet hours, reminder style and vacations.
Time comes from an injected clock; nothing sleeps."""

from __future__ import annotations

import pytest

from tests.bot.conftest import World
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    DAY,
    HOUR,
    T0,
    FakeClock,
    dm_texts,
    no_bot_warnings,
    open_game,
    start_bot,
    tick,
)

pytestmark = pytest.mark.usefixtures("no_bot_warnings")


def reminders(world: World, user) -> list[str]:
    return [t for t in dm_texts(world, user) if "⏰" in t]


async def test_each_step_of_the_ladder_fires_once_at_the_right_time(world: World):
    """ "A ladder per player (default: a DM when the turn starts if they asked for it, a
    reminder at half the clock, a last call shortly before the deadline), never more than one
    ping per step" and "When your turn comes, the ping carries a short digest of every action
    since your last one"."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    answer = await fake.slash(bot, alice, world.channel, "parley settings", turn_dm=True)
    assert "DM when my turn starts: **yes**" in answer.text
    await open_game(world, bot, "cardinal", "first=orange", clock="24h")

    await tick(bot)
    await tick(bot)
    assert len(reminders(world, alice)) == 1
    assert "Your turn" in reminders(world, alice)[0]
    assert f"<t:{int(T0 + DAY)}:R>" in reminders(world, alice)[0]

    clock.advance(12 * HOUR - 1)
    await tick(bot)
    assert len(reminders(world, alice)) == 1  # half the clock is not there yet
    clock.advance(1)
    await tick(bot)
    await tick(bot)
    assert len(reminders(world, alice)) == 2 and "Reminder" in reminders(world, alice)[-1]

    clock.advance(11 * HOUR)  # one hour before the deadline
    await tick(bot)
    await world.kill_bot(bot)  # a restart does not resend anything
    bot = await start_bot(world, clock)
    await tick(bot)
    assert len(reminders(world, alice)) == 3 and "Last call" in reminders(world, alice)[-1]
    assert reminders(world, carol) == []  # not her turn

    clock.advance(10 * 60)
    await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    await tick(bot)
    assert reminders(world, carol) == []  # she did not ask for a turn-start DM
    clock.advance(HOUR)
    await fake.slash(bot, carol, world.thread(), "parley move", action="place a5")
    await tick(bot)
    start = reminders(world, alice)[-1]
    assert len(reminders(world, alice)) == 4 and "Your turn" in start
    assert "Since your last move" in start and "A5" in start and "A1" not in start


async def test_quiet_hours_delay_a_reminder_until_they_end(world: World):
    """ "never during the player's quiet hours. `/parley settings` sets quiet hours (with time
    zone)": Carol sleeps 22:00-07:00 in Tokyo (13:00-22:00 UTC)."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()  # 08:00 UTC
    bot = await start_bot(world, clock)
    bad = await fake.slash(bot, carol, world.channel, "parley settings", timezone="Mars/Olympus")
    assert "not a time zone" in bad.text
    answer = await fake.slash(
        bot,
        carol,
        world.channel,
        "parley settings",
        timezone="Asia/Tokyo",
        quiet_from=22,
        quiet_until=7,
    )
    assert "22:00–07:00" in answer.text and "Asia/Tokyo" in answer.text
    await open_game(world, bot, "cardinal", "first=orange", clock="24h")
    await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")

    clock.advance(12 * HOUR)  # 20:00 UTC = 05:00 in Tokyo: half the clock, but quiet
    await tick(bot)
    clock.advance(2 * HOUR - 60)  # 21:59 UTC
    await tick(bot)
    assert reminders(world, carol) == []
    clock.advance(60)  # 22:00 UTC = 07:00 in Tokyo
    await tick(bot)
    await tick(bot)
    assert len(reminders(world, carol)) == 1 and "Reminder" in reminders(world, carol)[0]


async def test_a_player_without_dms_or_who_prefers_mentions_is_reminded_in_the_thread(world: World):
    """ "`/parley settings` sets ... reminder style (DM or mention)"; closed DMs fall back to a
    mention, and the reminder pings that one player only."""
    fake, alice, bob = world.fake, world.alice, world.bob
    clock = FakeClock()
    bot = await start_bot(world, clock)
    await fake.slash(bot, alice, world.channel, "parley settings", reminders="mention")
    await open_game(world, bot, "cardinal", "first=orange", clock="12h", players=[alice, bob])
    clock.advance(6 * HOUR)
    await tick(bot)
    post = world.thread_posts()[-1]
    assert "Reminder" in post.content and post.mentions == [alice.id]
    assert reminders(world, alice) == []

    await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    clock.advance(6 * HOUR)
    await tick(bot)
    post = world.thread_posts()[-1]
    assert "Reminder" in post.content and post.mentions == [bob.id]  # bob's DMs are closed


async def test_vacation_stops_the_clocks_in_all_games_and_they_resume(world: World):
    """ "Vacation. A bank of days per player; while on vacation their clocks stop in all games,
    and the thread says so.\""""
    fake, carol = world.fake, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    one = await open_game(world, bot, "cardinal", "first=green", clock="24h")
    two = await open_game(world, bot, "cardinal", "first=green", clock="24h")
    threads = fake.threads(world.channel)

    clock.advance(HOUR)
    answer = await fake.slash(bot, carol, world.channel, "parley settings", vacation_days=2)
    assert "clocks stop" in answer.text and "vacation days left: **12.0**" in answer.text
    for thread in threads:
        notes = [m for m in fake.messages(thread) if "on vacation until" in m.content]
        assert len(notes) == 1 and notes[0].mentions == []
        assert "clock stopped" in next(m for m in fake.messages(thread) if m.pinned).content

    clock.advance(DAY)  # the original deadlines pass: nothing happens
    await tick(bot)
    assert await bot.store.actions(one) == [] and await bot.store.actions(two) == []

    clock.advance(DAY)  # the vacation is over: the clocks run again, two days later
    await tick(bot)
    for game_id in (one, two):
        (deadline,) = await bot.store.deadlines(game_id)
        assert deadline.paused_at is None and deadline.due_at == T0 + 3 * DAY
    for thread in threads:
        assert any("back from vacation" in m.content for m in fake.messages(thread))
    clock.advance(DAY - HOUR - 1)
    await tick(bot)
    assert await bot.store.actions(one) == []
    clock.advance(1)
    await tick(bot)
    assert len(await bot.store.actions(one)) == 1 and len(await bot.store.actions(two)) == 1


async def test_ending_a_vacation_early_refunds_the_days_left(world: World):
    """ "A bank of days per player": days not used go back to the bank, and a vacation longer
    than the bank is refused."""
    fake, carol = world.fake, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "cardinal", "first=green", clock="24h")
    too_long = await fake.slash(bot, carol, world.channel, "parley settings", vacation_days=15)
    assert "14.0 vacation days left" in too_long.text
    await fake.slash(bot, carol, world.channel, "parley settings", vacation_days=3)
    clock.advance(DAY)
    back = await fake.slash(bot, carol, world.channel, "parley settings", vacation_days=0)
    assert "vacation is over" in back.text and "vacation days left: **13.0**" in back.text
    (deadline,) = await bot.store.deadlines(game_id)
    assert deadline.paused_at is None and deadline.due_at == T0 + 2 * DAY


async def test_the_turn_ping_stays_one_line_and_the_digest_is_private(world: World):
    """Issue 14: "The digest of what happened since a player's last move goes to that player
    privately (in the turn DM or the `/parley hand` panel), and the public ping stays one
    line": in a three-player game, once both others have moved since Alice's last move, her
    ping names her and nothing more, and `/parley hand` tells her what changed."""
    fake, alice, carol = world.fake, world.alice, world.carol
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    clock = FakeClock()
    bot = await start_bot(world, clock)
    game_id = await open_game(world, bot, "tortuga", clock="12h", players=[alice, carol, dave])
    await fake.slash(bot, alice, world.thread(), "parley kick", player=carol)
    alice_seat = 0
    for _ in range(12):
        clock.advance(12 * HOUR)
        await tick(bot)
        game = await bot.store.game(game_id)
        log = await bot.store.actions(game_id)
        moved = [i for i, (seat, _) in enumerate(log) if seat == alice_seat]
        others = {seat for seat, _ in log[moved[-1] + 1 :]} if moved else set()
        if game.status == "active" and len(others) == 2 and world.thread_posts()[-1].mentions:
            break
    else:
        raise AssertionError([m.content for m in world.thread_posts()][-6:])
    ping = world.thread_posts()[-1]
    assert ping.mentions == [alice.id]
    assert ping.content.splitlines()[-1].startswith(f"<@{alice.id}>, your move")
    assert "Since your last move" not in "\n".join(m.content for m in world.thread_posts())
    hand = await fake.slash(bot, alice, world.thread(), "parley hand")
    assert hand.ephemeral and "Since your last move:\n• " in hand.text


async def test_a_reminder_dm_that_turns_out_closed_becomes_a_mention(world: World):
    """A reminder is never lost to a DM that fails: the player who closed their DMs after the
    game began is reminded in the thread, once, with a ping for them only."""
    fake, alice, carol = world.fake, world.alice, world.carol
    clock = FakeClock()
    bot = await start_bot(world, clock)
    await open_game(world, bot, "cardinal", "first=orange", clock="12h")
    carol.dms_open = False  # Discord will refuse; the bot does not know it yet
    await fake.slash(bot, alice, world.thread(), "parley move", action="place a1")
    before = len(world.thread_posts())
    clock.advance(6 * HOUR)
    await tick(bot)
    await tick(bot)
    posts = world.thread_posts()[before:]
    assert len(posts) == 1 and "Reminder" in posts[0].content
    assert posts[0].mentions == [carol.id]
    assert reminders(world, carol) == []
    clock.advance(5 * HOUR)  # the last call: the bot now knows, and goes to the thread
    await tick(bot)
    assert "Last call" in world.thread_posts()[-1].content
    assert len(world.thread_posts()) == before + 2


async def test_a_player_reminded_in_the_thread_has_one_reminder_there_at_a_time(world: World):
    """ "a player with DMs closed is reminded without a new thread post per reminder": each
    reminder pings bob (a new message is the only way Discord notifies), and the one before
    it is deleted, so over two turns of reminders the thread holds his newest one only."""
    fake, alice, bob = world.fake, world.alice, world.bob
    clock = FakeClock()
    bot = await start_bot(world, clock)
    await open_game(world, bot, "cardinal", "first=green", clock="12h", players=[alice, bob])

    def bobs_reminders() -> list[str]:
        return [
            m.content
            for m in world.thread_posts()
            if not m.deleted and m.content.startswith(f"<@{bob.id}> ⏰") and m.mentions == [bob.id]
        ]

    clock.advance(6 * HOUR)  # half of bob's clock
    await tick(bot)
    assert [r.split(":")[0] for r in bobs_reminders()] == [f"<@{bob.id}> ⏰ Reminder"]
    clock.advance(5 * HOUR + 1)  # an hour before his deadline
    await tick(bot)
    assert [r.split(":")[0] for r in bobs_reminders()] == [f"<@{bob.id}> ⏰ Last call"]

    await fake.slash(bot, bob, world.thread(), "parley move", action="place a1")
    await fake.slash(bot, alice, world.thread(), "parley move", action="place e5")
    clock.advance(6 * HOUR)  # half of his next clock
    await tick(bot)
    assert [r.split(":")[0] for r in bobs_reminders()] == [f"<@{bob.id}> ⏰ Reminder"]

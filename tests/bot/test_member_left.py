"""A player who left the server mid-game (issue: "graceful handling of an archived or deleted
thread, missing permissions, a member who left").

Discord keeps the departed user's account but: they are an Unknown Member of the guild, the
bot may no longer DM them (it shares no server with them), and they can no longer use the
game's commands or buttons in the server.  The game must go on around them: the others still
move, posts still name them, a DM owed to them fails once and is not retried, and the host
can kick them or hand their seat to someone else.
"""

from __future__ import annotations

import discord
import pytest

import bot.play.service
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeUser, NotAMemberError
from tests.bot.helpers import button_id, ephemeral_text
from tests.bot.test_tortuga_on_discord import SEED, Table, last_post, open_and_start
from tests.bot.time_helpers import (  # noqa: F401 - no_bot_warnings is a fixture
    HOUR,
    FakeClock,
    no_bot_warnings,
    open_game,
    start_bot,
)

pytestmark = pytest.mark.usefixtures("no_bot_warnings")


def dm_attempts(world: World, user: FakeUser) -> int:
    """How many times the bot tried to post in ``user``'s DMs (refused tries included)."""
    channel = world.fake.dm_channel(user)
    return len(world.fake.requests_to("POST", f"/channels/{channel.id}/messages"))


@pytest.mark.parametrize("host_does", ["kick", "sub"])
async def test_a_cardinal_opponent_leaves_the_server_mid_game(world: World, host_does: str):
    fake, alice, carol = world.fake, world.alice, world.carol
    dave = fake.add_user("dave")
    fake.add_member(world.guild, dave)
    clock = FakeClock()
    bot_ = await start_bot(world, clock)
    await fake.slash(bot_, carol, world.channel, "parley settings", turn_dm=True)
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="24h")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place a1")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="place a5")

    fake.remove_member(world.guild, carol)  # --- Carol leaves the server on Alice's turn ---
    guild = bot_.get_guild(world.guild.id)
    assert guild is not None
    with pytest.raises(discord.NotFound) as unknown:
        await guild.fetch_member(carol.id)
    assert unknown.value.code == 10007
    with pytest.raises(NotAMemberError):
        await fake.slash(bot_, carol, world.thread(), "parley move", action="place b5")

    # Alice's move still works, and the post naming Carol (now due) still goes out.
    tries = dm_attempts(world, carol)
    dms = len(fake.dms(carol))
    clock.advance(HOUR)
    done = await fake.slash(bot_, alice, world.thread(), "parley move", action="place c1")
    assert "Orange places a ship on C1" in done.text
    post = world.thread_posts()[-1]
    assert f"<@{carol.id}>, your move" in post.content and post.mentions == [carol.id]

    # Her turn-start DM is owed: it fails once (403 50007), quietly, and is never retried.
    await bot_.scheduler.tick()
    assert dm_attempts(world, carol) == tries + 1 and len(fake.dms(carol)) == dms
    assert await bot_.store.unsent(game_id) == []
    game = await bot_.store.game(game_id)
    assert next(s for s in game.seats if s.user_id == carol.id).dm_open is False
    clock.advance(13 * HOUR)  # past half her clock: the reminder goes to the thread instead
    await bot_.scheduler.tick()
    await bot_.scheduler.tick()
    assert dm_attempts(world, carol) == tries + 1
    assert f"<@{carol.id}> ⏰ Reminder" in world.thread_posts()[-1].content
    assert fake.bot_errors == []

    listing = await fake.slash(bot_, alice, world.channel, "parley games")
    assert f"#{game_id} Cardinal: waiting for <@{carol.id}>" in listing.text

    if host_does == "kick":
        kicked = await fake.slash(bot_, alice, world.thread(), "parley kick", player=carol)
        assert "was removed" in kicked.text
        game = await bot_.store.game(game_id)
        assert game.status == "over" and game.result["winners"] == [0]
        last = world.thread_posts()[-1]
        assert f"removed <@{carol.id}>" in last.content and "🏆" in last.content
        listing = await fake.slash(bot_, alice, world.channel, "parley games")
        assert "no running games" in listing.text
    else:
        handed = await fake.slash(
            bot_, alice, world.thread(), "parley sub", player=carol, replacement=dave
        )
        assert "now plays Green" in handed.text
        note = world.thread_posts()[-1]
        assert f"from <@{carol.id}> to <@{dave.id}>" in note.content
        assert note.mentions == [dave.id]
        assert "You take over this seat" in fake.dms(dave)[-1].content
        await fake.slash(bot_, dave, world.thread(), "parley move", action="place c5")
        assert world.thread_posts()[-1].mentions == [alice.id]
        assert dm_attempts(world, carol) == tries + 1  # nothing more is owed to her
    assert fake.bot_errors == []


async def test_a_tortuga_voter_who_left_is_replaced_and_the_newcomer_votes_by_dm(
    world: World, monkeypatch
):
    """Dave leaves with his secret vote pending; the host subs Frank in, who gets Dave's
    private view (loyalty, vote cards) and the ballot by DM, and votes from it."""
    monkeypatch.setattr(bot.play.service.secrets, "randbits", lambda _bits: SEED)
    fake = world.fake
    table = Table(world)
    alice, _bob, carol, dave, _erin = table.players
    frank = table.frank
    bot_ = await open_and_start(world, table)
    await fake.slash(bot_, alice, world.thread(), "parley move", action="hold british")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="hold french")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="attack")
    assert "P1, P2, P4 vote" in last_post(world).content
    old_ballot = fake.dms(dave)[-1]
    assert "Your secret choice" in old_ballot.content and old_ballot.buttons

    fake.remove_member(world.guild, dave)  # --- Dave leaves, his vote still owed ---
    with pytest.raises(NotAMemberError):
        await fake.slash(bot_, dave, world.thread(), "parley hand")
    handed = await fake.slash(
        bot_, alice, world.thread(), "parley sub", player=dave, replacement=frank
    )
    assert "now plays P4" in handed.text
    game = await bot_.store.game(1)
    assert game.seat_of(frank.id) == 3 and game.seat_of(dave.id) is None
    note = last_post(world)
    assert f"from <@{dave.id}> to <@{frank.id}>" in note.content and note.mentions == [frank.id]

    welcome = fake.dms(frank)[-1]
    assert "You take over this seat" in welcome.content
    assert "(P4)\nYou take over this seat.\nLoyalty: **" in welcome.content
    assert "Vote cards: " in welcome.content
    assert "Your secret choice" in welcome.content
    assert [b.label for b in welcome.buttons] == [
        b.label for b in old_ballot.buttons
    ]  # the same ballot Dave had

    # Dave's old ballot is dead even if Discord still delivers his click from the DM.
    vote = button_id(old_ballot, "Play Cannon (French flag, Helm)")
    stale = await fake.click(bot_, dave, old_ballot, vote)
    assert "not playing" in ephemeral_text(stale)
    assert game.seat_of(dave.id) is None

    await fake.click(bot_, frank, welcome, button_id(welcome, "Play Cannon (French flag, Helm)"))
    assert "Your vote: Cannon (French flag, Helm)" in welcome.content
    status = world.status_message().content  # the vote counts: P4 is no longer pending
    assert f"<@{frank.id}> (P4)" not in status and "(P4): secret choice pending" not in status
    assert fake.bot_errors == []

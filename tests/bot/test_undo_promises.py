"""Undo keeps the promises the older features made. Only a seat's current holder speaks for it:
a player who resigned, was removed or was subbed out can neither ask to take back the seat's
moves nor answer for it, and a request whose seat changed hands is withdrawn, its asker told.
An answer counts for the request it was given to: each request has its own buttons, a
replaced or expired one says so when pressed, its asker is told, and a button posted before
requests had ids answers in words."""

from __future__ import annotations

import discord
import pytest

from bot.storage import VersionConflict
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage, FakeUser
from tests.bot.helpers import button_id, ephemeral_text, private_reply, resign
from tests.bot.history_helpers import fast_forward, game_seed, players, random_game
from tests.bot.time_helpers import open_game

TORTUGA = REGISTRY["tortuga"]


def requests(world: World) -> list[FakeMessage]:
    return [m for m in world.thread_posts() if "asks to take back" in m.content]


def member(world: World, name: str) -> FakeUser:
    user = world.fake.add_user(name)
    world.fake.add_member(world.guild, user)
    return user


async def tortuga_of_three(world: World, monkeypatch: pytest.MonkeyPatch):
    """Tortuga for Alice (P1), Carol (P2) and a third player (P3), who each play one move
    that tells nothing hidden (so each can be taken back)."""
    game_seed(monkeypatch, 1)
    users = players(world, 3)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    moves = random_game("tortuga", 3, 1)[:3]
    assert [seat for seat, _ in moves] == [0, 1, 2]
    await fast_forward(bot_, game_id, moves)
    return bot_, game_id, users


# -- only the seat's current holder speaks for it -----------------------------------------


@pytest.mark.parametrize("leaving", ["kick", "resign"])
async def test_a_player_who_left_cannot_take_back_the_seats_moves(
    world: World, monkeypatch: pytest.MonkeyPatch, leaving: str
):
    """Carol is removed (or resigns) after her move: her `/parley undo` is refused and takes
    nothing back (the autopilot does not play her old seat again)."""
    bot_, game_id, (alice, carol, _) = await tortuga_of_three(world, monkeypatch)
    if leaving == "kick":
        await world.fake.slash(bot_, alice, world.thread(), "parley kick", player=carol)
    else:
        await resign(world.fake, bot_, carol, world.thread())
    before = await bot_.store.actions(game_id)

    asked = await world.fake.slash(bot_, carol, world.thread(), "parley undo")
    assert private_reply(asked) == (
        "You have already left this game: the autopilot plays your old seat."
    )
    assert await bot_.store.actions(game_id) == before


async def test_a_player_subbed_out_cannot_answer_a_pending_request(world: World):
    """Alice asks Carol to agree; the host hands Carol's seat to Erin. The request is
    withdrawn (those asked are no longer who holds the seats): Carol's Agree takes nothing
    back and says so, and Alice is told in private."""
    fake, alice, carol = world.fake, world.alice, world.carol
    erin = member(world, "erin")
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    await fake.slash(bot_, alice, world.thread(), "parley undo")
    (request,) = requests(world)
    await fake.slash(bot_, alice, world.thread(), "parley sub", player=carol, replacement=erin)

    late = await fake.click(bot_, carol, request, button_id(request, "Agree"))
    assert ephemeral_text(late) == (
        "That request to take back a move was withdrawn: a seat changed hands since. "
        "Its asker can ask again with `/parley undo`."
    )
    assert request.buttons == [] and request.content.endswith("⌛ Withdrawn: a seat changed hands.")
    assert (await bot_.store.game(game_id)).version == 1
    assert await bot_.store.actions(game_id) == [(0, "place c3")]
    assert "was withdrawn: a seat changed hands" in fake.dms(alice)[-1].content


async def test_a_request_whose_asker_left_their_seat_is_withdrawn(world: World):
    """Alice asks, then hands her own seat to Erin: Carol's Agree takes nothing back."""
    fake, alice, carol = world.fake, world.alice, world.carol
    erin = member(world, "erin")
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    await fake.slash(bot_, alice, world.thread(), "parley undo")
    (request,) = requests(world)
    await fake.slash(bot_, alice, world.thread(), "parley sub", player=alice, replacement=erin)

    late = await fake.click(bot_, carol, request, button_id(request, "Agree"))
    assert "was withdrawn: a seat changed hands" in ephemeral_text(late)
    assert await bot_.store.actions(game_id) == [(0, "place c3")]
    assert not any("withdrawn" in m.content for m in fake.dms(alice))  # she left: not told


async def test_a_resignation_withdraws_the_request_it_was_waiting_on(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """Alice asks Carol and P3 to agree; Carol resigns (the autopilot plays her seat, with
    nobody to ask): the request is withdrawn and Alice is told; P3's Agree changes nothing."""
    bot_, game_id, (alice, carol, third) = await tortuga_of_three(world, monkeypatch)
    asked = await world.fake.slash(bot_, alice, world.thread(), "parley undo")
    assert private_reply(asked).startswith(f"Asked <@{carol.id}>, <@{third.id}> to agree")
    (request,) = requests(world)
    await resign(world.fake, bot_, carol, world.thread())
    before = await bot_.store.actions(game_id)

    late = await world.fake.click(bot_, third, request, button_id(request, "Agree"))
    assert "was withdrawn: a seat changed hands" in ephemeral_text(late)
    assert await bot_.store.actions(game_id) == before
    assert "was withdrawn: a seat changed hands" in world.fake.dms(alice)[-1].content


# -- an answer counts for the request it was given to -------------------------------------


async def test_an_agree_counts_only_for_the_request_it_was_given_to(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """Carol asks to take back her move (P3 to agree); Alice then asks to take back hers,
    which takes back all three moves (Carol and P3 to agree), replacing Carol's request. P3's
    Agree on Carol's old post does not count for Alice's: it says the request was replaced,
    and Carol is told in private."""
    bot_, game_id, (alice, carol, third) = await tortuga_of_three(world, monkeypatch)
    fake = world.fake
    await fake.slash(bot_, carol, world.thread(), "parley undo")
    await fake.slash(bot_, alice, world.thread(), "parley undo")
    first, second = requests(world)

    old = await fake.click(bot_, third, first, button_id(first, "Agree"))
    assert ephemeral_text(old) == (
        "That request to take back a move was replaced by a newer one: answer the newest "
        "request in the thread."
    )
    assert first.buttons == [] and first.content.endswith("⌛ Replaced by a newer request.")
    assert "was replaced by" in fake.dms(carol)[-1].content

    await fake.click(bot_, carol, second, button_id(second, "Agree"))
    assert second.content.endswith(f"✅ <@{carol.id}> agrees; waiting for <@{third.id}>.")
    assert len(await bot_.store.actions(game_id)) == 3  # still waiting for P3: nothing undone
    await fake.click(bot_, third, second, button_id(second, "Agree"))
    game = await bot_.store.game(game_id)
    assert (game.version, TORTUGA.load(game.state)) == (4, TORTUGA.new(3, 1))


async def test_an_expired_request_tells_its_asker_in_the_thread_without_a_ping(world: World):
    """Bob (his DMs closed) asks; Carol moves instead of answering: Bob is told in the thread,
    not pinged, that his request expired."""
    fake, bob, carol = world.fake, world.bob, world.carol
    bot_ = await world.start_bot()
    await open_game(world, bot_, "cardinal", "first=orange", clock="none", players=[bob, carol])
    await fake.slash(bot_, bob, world.thread(), "parley move", action="place c3")
    await fake.slash(bot_, bob, world.thread(), "parley undo")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="place a1")

    told = [m for m in world.thread_posts() if "expired" in m.content]
    assert len(told) == 1 and told[0].content.startswith(f"<@{bob.id}>, your request")
    assert told[0].mentions == []


async def test_an_expired_request_tells_its_asker_in_private(world: World):
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    await fake.slash(bot_, alice, world.thread(), "parley undo")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="place a1")
    assert "Your request to take back your last move expired" in fake.dms(alice)[-1].content
    assert not any("expired" in m.content for m in world.thread_posts())


async def test_an_undo_button_from_before_request_ids_answers_in_words(world: World):
    """A request posted by an older Parley (its buttons carry the game and version only) is
    no longer current after the upgrade: its Agree says so and changes nothing."""
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Agree", custom_id=f"parley:undo:{game_id}:1:yes"))
    await bot_.get_partial_messageable(world.thread().id).send("An old request", view=view)
    old = world.thread_posts()[-1]

    pressed = await fake.click(bot_, carol, old, f"parley:undo:{game_id}:1:yes")
    assert ephemeral_text(pressed) == (
        "That request to take back a move is no longer current: ask again with `/parley undo`."
    )
    assert old.buttons == []
    assert await bot_.store.actions(game_id) == [(0, "place c3")]


async def test_a_move_decided_before_a_request_was_asked_is_decided_again(world: World):
    """A move decided on the game before a request was asked would end it without a word to
    its asker: the store refuses it (the service then decides the move again)."""
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    read = await bot_.store.game(game_id)
    await fake.slash(bot_, alice, world.thread(), "parley undo")
    with pytest.raises(VersionConflict):
        await bot_.store.record_action(
            game_id, read.version, 1, carol.id, "place a1", read.state, "active", None, [], read
        )
    assert await bot_.store.actions(game_id) == [(0, "place c3")]

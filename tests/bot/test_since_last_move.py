""" "Since you last looked" (issues 7 and 14): when several actions happened since the pinged
player's last move, the board in their ping marks what changed, in the game's own terms
(``changes`` between two views of that player's seat), and nothing else; with no change, or
after a single action (the post itself tells it), the ping shows the plain board."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image

from bot.play import service as bot_service
from bot.play.history import undo_action
from bot.play.since import changes_since
from games import REGISTRY
from renderers import render
from tests.bot.conftest import World
from tests.bot.helpers import pick
from tests.bot.test_cardinal_on_discord import open_and_start


def rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


async def test_the_ping_after_a_turn_of_two_steps_marks_what_changed(world: World):
    fake, alice, bob = world.fake, world.alice, world.bob
    bot = await open_and_start(world)
    for user, square in [
        (alice, "A1"),
        (bob, "A5"),
        (alice, "C1"),
        (bob, "C5"),
        (alice, "E1"),
        (bob, "E5"),
        (alice, "A3"),
    ]:
        await pick(fake, bot, user, world.thread_posts()[-1], f"Place a ship on {square}")
    # Bob places a ship that summons the pirate, then picks where it sails: two steps.
    placed = await fake.slash(bot, bob, world.thread(), "parley move", action="place b3")
    summon = next(m for m in placed.messages if m.buttons)
    await fake.click(bot, bob, summon, summon.buttons[0].custom_id)  # pirate b2
    ping = world.thread_posts()[-1]
    assert ping.mentions == [alice.id]

    spec = REGISTRY["cardinal"]
    game = await bot.store.game(1)
    state = spec.load(game.state)
    then = spec.new(2, game.seed, game.options)
    for seat, action in (await bot.store.actions(1))[:7]:  # up to Alice's last move
        then = spec.apply(then, seat, action)
    marks = spec.changes(spec.view(then, 0), spec.view(state, 0))
    # Bob's ship on B3 came and went home; what Alice finds changed is the pirate on B2.
    assert [m["text"] for m in marks] == ["The pirate came onto B2."]
    view = spec.view(state, None)
    shown = ping.files[0].data
    assert shown == render("cardinal", view, marks)  # Alice's seat's changes, drawn
    assert rgb(shown) != rgb(render("cardinal", view))
    assert "Since your last move" not in ping.content  # the digest is private (issue 14)

    # After a single action since her move, the post itself tells it: the plain board.
    await fake.slash(bot, alice, world.thread(), "parley move", action="place d1")
    game = await bot.store.game(1)
    after = world.thread_posts()[-1]
    assert after.files[0].data == render("cardinal", spec.view(spec.load(game.state), None))


async def test_a_ping_after_several_actions_that_changed_nothing_is_the_plain_board(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """Issue 14: "a board with no changes is identical to the plain one". In this two-player
    Tortuga game (seed 0) P2 forces P1 to reveal an event card and offers two slots: two
    actions since P1's vote that change nothing on the table, so P1's ping is the plain
    board, byte for byte."""
    monkeypatch.setattr(bot_service.secrets, "randbits", lambda _bits: 0)
    fake, alice, carol = world.fake, world.alice, world.carol
    bot = await world.start_bot()
    await fake.slash(bot, alice, world.channel, "parley new", game="tortuga")
    await fake.click(bot, carol, world.lobby(), "parley:lobby:1:join")
    await fake.click(bot, alice, world.lobby(), "parley:lobby:1:start")
    users = {0: alice, 1: carol}
    for seat, action in [
        (1, "hold french"),
        (0, "hold french"),
        (0, "view"),
        (0, "view 2 3"),
        (0, "attack"),
        (0, "vote torch british skull"),
        (1, "force p1"),
        (1, "slots 2 3"),
    ]:
        await fake.slash(bot, users[seat], world.thread(), "parley move", action=action)
    ping = world.thread_posts()[-1]
    assert ping.mentions == [alice.id]
    assert "P2 forces P1 to reveal an event card." in ping.content
    spec = REGISTRY["tortuga"]
    game = await bot.store.game(1)
    state = spec.load(game.state)
    log = await bot.store.actions(1)
    then = spec.new(2, 0)
    for seat, action in log[:6]:  # up to P1's vote, their last move
        then = spec.apply(then, seat, action)
    assert spec.changes(spec.view(then, 0), spec.view(state, 0)) == []
    assert ping.files[0].data == render("tortuga", spec.view(state, None))


def test_moves_taken_back_since_a_seat_moved_show_as_changes():
    """Issue 16 meets issue 14: an undo row in the log is no action to play again; each side
    is the game its rows left in effect. Orange placed on C3 and E3, Green on A1; Green takes
    back its A1 (and Orange's E3 after it): Orange finds both ships gone, and Green, whose
    last row is the undo, finds nothing changed since."""
    spec = REGISTRY["cardinal"]
    game = SimpleNamespace(seats=[0, 1], seed=3, options={"first": "orange"})
    log = [(0, "place c3"), (1, "place a1"), (0, "place e3"), (1, undo_action(2))]
    then = spec.new(2, 3, game.options)
    for seat, action in log[:3]:
        then = spec.apply(then, seat, action)
    now = spec.apply(spec.new(2, 3, game.options), 0, "place c3")
    missed, marks = changes_since(spec, game, log, 0, 4)
    assert missed == 1 and marks == spec.changes(spec.view(then, 0), spec.view(now, 0))
    assert [m["text"] for m in marks if m["kind"] == "remove"] == [
        "Green's ship on A1 went home.",
        "Orange's ship on E3 went home.",
    ]
    assert changes_since(spec, game, log, 1, 4) == (0, [])

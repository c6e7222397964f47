"""Undo (issue 16): "`/parley undo` asks to take back the requester's own last action when no
hidden information and no chance was revealed since ...; otherwise it explains why not. In a
2-player game the opponent approves with a button; with more players, every player who has
acted since must approve; the request expires at the next action. The undone action stays in
the log as undone, the state is the replay without it, and crash safety and the secret audit
cover it."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.play.history import undo_action
from bot.play.undo import HIDDEN
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage
from tests.bot.helpers import button_id, ephemeral_text, private_reply
from tests.bot.history_helpers import fast_forward, game_seed, players, random_game
from tests.bot.time_helpers import open_game

CARDINAL = REGISTRY["cardinal"]
TORTUGA = REGISTRY["tortuga"]


def request_post(world: World) -> FakeMessage:
    return next(m for m in reversed(world.thread_posts()) if "asks to take back" in m.content)


async def c3_taken_back_asked(world: World) -> tuple[Any, int, FakeMessage]:
    """Cardinal: Orange places on C3 and asks to take it back; the bot, the game and the
    request's post."""
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    await world.fake.slash(bot_, world.alice, world.thread(), "parley move", action="place c3")
    await world.fake.slash(bot_, world.alice, world.thread(), "parley undo")
    return bot_, game_id, request_post(world)


async def state_of(bot_, game_id: int):
    game = await bot_.store.game(game_id)
    return game, REGISTRY[game.game_key].load(game.state)


async def test_an_undo_the_opponent_accepts(world: World):
    """Cardinal: Orange places a ship, asks to take it back, Green agrees with the button: the
    game is the replay without the move, the move stays in the log marked undone, and Orange
    plays again from fresh buttons while the old board's buttons are refused."""
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    nothing = await fake.slash(bot_, carol, world.thread(), "parley undo")
    assert private_reply(nothing) == "You have no move in this game to take back."

    await fake.slash(bot_, alice, world.thread(), "parley move", action="place c3")
    before_undo = world.thread_posts()[-1]
    asked = await fake.slash(bot_, alice, world.thread(), "parley undo")
    assert private_reply(asked) == (
        f"Asked <@{carol.id}> to agree to take back your last move (Orange places a ship on C3.)."
    )
    request = request_post(world)
    assert request.mentions == [carol.id]
    assert [b.label for b in request.buttons] == ["Agree", "Refuse"]
    mine = await fake.click(bot_, alice, request, button_id(request, "Agree"))
    assert ephemeral_text(mine) == "You asked: the other players answer."
    stranger = await fake.click(bot_, world.bob, request, button_id(request, "Agree"))
    assert ephemeral_text(stranger) == "Only the players asked can answer this request."
    assert (await bot_.store.game(game_id)).version == 1

    await fake.click(bot_, carol, request, button_id(request, "Agree"))
    assert request.content.endswith(f"✅ <@{carol.id}> agrees: the move is taken back.")
    assert request.buttons == []
    game, state = await state_of(bot_, game_id)
    assert game.version == 2 and state == CARDINAL.new(2, game.seed, game.options)
    assert await bot_.store.actions(game_id) == [(0, "place c3"), (0, undo_action(1))]
    told = world.thread_posts()[-1]
    assert told.content.startswith(
        f"<@{alice.id}>: ↩️ Orange took back move 1. (Orange places a ship on C3.)"
    )
    assert told.files and set(told.mentions) == {alice.id}  # her turn again

    history = private_reply(await fake.slash(bot_, carol, world.thread(), "parley history"))
    assert f"~~`1` <@{alice.id}>: Orange places a ship on C3.~~ (taken back)" in history
    assert f"`2` <@{alice.id}>: ↩️ Orange took back move 1." in history
    stale_menu = before_undo.selects[0].custom_id  # Green's choices on the board taken back
    stale = await fake.select(bot_, carol, before_undo, stale_menu, ["place a1"])
    assert "out of date" in ephemeral_text(stale) or "not your turn" in ephemeral_text(stale)
    await fake.slash(bot_, alice, world.thread(), "parley move", action="place a1")
    game, state = await state_of(bot_, game_id)
    assert game.version == 3 and "Orange places a ship on A1." in world.thread_posts()[-1].content


async def test_no_undo_once_a_vote_is_revealed(world: World, monkeypatch):
    """Tortuga, 5 players: once the last vote reveals the cards, neither the voter who revealed
    them nor an earlier voter may take their vote back; before any secret is out, a move with
    nobody acting since is taken back at once, and one others acted after needs each of
    them."""
    game_seed(monkeypatch, 11)
    users = players(world, 5)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    moves = random_game("tortuga", 5, 11, pick=8)

    await fast_forward(bot_, game_id, moves[:1])  # P1 stows a chest
    alone = await world.fake.slash(bot_, users[0], world.thread(), "parley undo")
    assert private_reply(alone).startswith("Taken back: Captain P1 stows")
    game, state = await state_of(bot_, game_id)
    assert game.version == 2 and state == TORTUGA.new(5, 11)

    await fast_forward(bot_, game_id, moves[:2])  # P1 again, then P3
    asked = await world.fake.slash(bot_, users[0], world.thread(), "parley undo")
    assert private_reply(asked).startswith(f"Asked <@{users[2].id}> to agree")
    request = request_post(world)
    await world.fake.click(bot_, users[2], request, button_id(request, "Agree"))
    game, state = await state_of(bot_, game_id)
    assert game.version == 5 and state == TORTUGA.new(5, 11)

    await fast_forward(bot_, game_id, moves[:6])  # the attack vote, revealed by P4's card
    assert [m[0] for m in moves[3:6]] == [0, 1, 3] and moves[5][1].startswith("vote ")
    for voter in (3, 0):
        refused = await world.fake.slash(bot_, users[voter], world.thread(), "parley undo")
        assert private_reply(refused) == HIDDEN
    game, _ = await state_of(bot_, game_id)
    assert game.version == 11  # nothing changed


async def test_an_undo_in_the_middle_of_a_turn_is_posted_at_once(world: World, monkeypatch):
    """Tortuga, 2 players: P1's first of two actions is held (issue 14), then taken back with
    P2's agreement. Taking back is a public event, not a step of P1's turn: it is posted at
    once, after the step it took back, with the board and a ping for P1, whose turn begins
    anew; nothing stays held."""
    game_seed(monkeypatch, 0)
    fake, alice, carol = world.fake, world.alice, world.carol
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none")
    await fake.slash(bot_, carol, world.thread(), "parley move", action="hold french")
    await fake.slash(bot_, alice, world.thread(), "parley move", action="hold french")
    posts = len(world.thread_posts())
    await fake.slash(bot_, alice, world.thread(), "parley undo")
    request = request_post(world)
    await fake.click(bot_, carol, request, button_id(request, "Agree"))

    told = world.thread_posts()[-1]
    assert len(world.thread_posts()) == posts + 2  # the request, then the undo
    step = "Captain P1 stows the Jolly Roger's chest in the French hold."
    assert told.content.startswith(f"<@{alice.id}>: {step} ↩️ P1 took back move 2. ({step})")
    assert told.files and set(told.mentions) == {alice.id}
    assert await bot_.store.unsent(game_id) == []
    game, state = await state_of(bot_, game_id)
    assert game.version == 3 and TORTUGA.to_act(state) == [0]


async def test_an_undo_request_expires_at_the_next_action(world: World):
    """Orange asks; Green moves instead of answering: the request is over, its buttons say so
    and change nothing."""
    fake, carol = world.fake, world.carol
    bot_, game_id, request = await c3_taken_back_asked(world)
    await fake.slash(bot_, carol, world.thread(), "parley move", action="place a1")
    late = await fake.click(bot_, carol, request, button_id(request, "Agree"))
    assert ephemeral_text(late) == (
        "That request to take back a move has expired: the game moved on since."
    )
    assert request.content.endswith("⌛ Expired: the game moved on.") and request.buttons == []
    game, _ = await state_of(bot_, game_id)
    assert game.version == 2
    assert await bot_.store.actions(game_id) == [(0, "place c3"), (1, "place a1")]


async def test_two_presses_of_agree_at_once_take_back_once_and_say_so(world: World):
    """A double tap on Agree: the move is taken back once, and the request's post ends saying
    so (the press that lost the race does not mark it expired)."""
    fake, carol = world.fake, world.carol
    bot_, game_id, request = await c3_taken_back_asked(world)
    agree = button_id(request, "Agree")
    presses = await asyncio.gather(
        fake.click(bot_, carol, request, agree), fake.click(bot_, carol, request, agree)
    )
    assert await bot_.store.actions(game_id) == [(0, "place c3"), (0, undo_action(1))]
    assert "taken back" in request.content.splitlines()[-1] and request.buttons == []
    assert "Expired" not in request.content
    said = sorted(ephemeral_text(p) for p in presses if ephemeral_text(p))
    assert all("expired" not in text for text in said)


async def test_an_undo_survives_a_crash_before_its_post(world: World, monkeypatch):
    """The taking back, its new state and its post commit together: a bot killed right after
    the commit posts the undo once when it starts again."""
    fake, carol = world.fake, world.carol
    bot_, game_id, request = await c3_taken_back_asked(world)

    async def crash(game_id: int | None = None) -> None:
        raise RuntimeError("the process dies between the commit and the delivery")

    monkeypatch.setattr(bot_.herald, "deliver", crash)
    await fake.click(bot_, carol, request, button_id(request, "Agree"))
    assert not any("took back" in m.content for m in world.thread_posts())
    await world.kill_bot(bot_)
    bot_ = await world.start_bot()
    told = [m for m in world.thread_posts() if "took back move 1" in m.content]
    assert len(told) == 1
    game, state = await state_of(bot_, game_id)
    assert game.version == 2 and state == CARDINAL.new(2, game.seed, game.options)
    assert await bot_.store.unsent(game_id) == []

"""The step-through board and the export (issue 25, items 2 and 3): "`/parley replay` (and a
button on the end post) answers privately with the board at a move and ◀ ▶ ⏮ ⏭ buttons and a
"go to move" choice, with that move's line of the history under the board; it works after a
restart, shows only what was public at that move while the game runs, and everything once it
is over" and "`/parley export` attaches the game as a text record"."""

from __future__ import annotations

import asyncio
import io
import itertools

import pytest
from PIL import Image

import bot.play.stepper
from bot.discord.stepper import StepThrough
from bot.play.gamerecord import RecordError, read_record, replay_record
from bot.play.stepper import waypoints
from games import REGISTRY
from tests.bot import components
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeMessage
from tests.bot.helpers import button_id, private_reply
from tests.bot.history_helpers import fast_forward, final_posts, game_seed, players, random_game
from tests.bot.test_history_log import RAW_VOTE, SEED, secrets_until
from tests.bot.time_helpers import open_game

CARDINAL_VIEW = REGISTRY["cardinal"].view(REGISTRY["cardinal"].new(2, 1), None)


def board_of(message: FakeMessage) -> tuple[str, tuple[int, int]]:
    (file,) = message.files
    with Image.open(io.BytesIO(file.data)) as image:
        return file.filename, image.size


def menu_of(message: FakeMessage) -> list[str]:
    (menu,) = message.selects
    return [o["value"] for o in menu.options]


async def test_a_finished_game_steps_through_and_keeps_working_after_a_restart(world: World):
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", clock="none")
    game = await bot_.store.game(game_id)
    moves = random_game("cardinal", 2, game.seed, game.options)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    user = [world.alice, world.carol][seat]
    await world.fake.slash(bot_, user, world.thread(), "parley move", action=action)
    n = len(moves)

    # the final post's Replay button opens the board privately, at the opening
    final = final_posts(world)[-1]
    opened = await world.fake.click(bot_, world.carol, final, button_id(final, "Replay"))
    assert private_reply(opened).startswith(
        f"🎞️ **Cardinal #{game_id}**, the opening board ({n} moves) (the game is over"
    )
    message = opened.messages[-1]
    assert board_of(message) == (f"replay-{game_id}-0.png", board_of(message)[1])
    off = {b.label for b in message.buttons if b.disabled}
    assert off == {"⏮", "◀ Back"}  # nothing before the opening

    # ▶ turns the same message to move 1, with its line of the history under the board
    click = await world.fake.click(bot_, world.carol, message, button_id(message, "Next ▶"))
    assert click.message is message and message.ephemeral
    first_line = message.content.splitlines()[1]
    assert message.content.startswith(f"🎞️ **Cardinal #{game_id}**, move 1 of {n}")
    assert first_line.startswith("`1` <@") and "place" in first_line.lower()
    assert board_of(message)[0] == f"replay-{game_id}-1.png"

    # ⏭ to the end; the menu offers the opening, the end and moves around this one
    await world.fake.click(bot_, world.carol, message, button_id(message, "⏭"))
    assert f"move {n} of {n}" in message.content
    assert {b.label for b in message.buttons if b.disabled} == {"Next ▶", "⏭"}
    assert {"0", str(n), str(n - 1)} <= set(menu_of(message)) and len(menu_of(message)) <= 25

    # after a restart, the old message's menu and buttons still turn it
    await world.kill_bot(bot_)
    bot_ = await world.start_bot()
    (menu,) = message.selects
    await world.fake.select(bot_, world.alice, message, menu.custom_id, ["0"])
    assert "the opening board" in message.content
    await world.fake.click(bot_, world.alice, message, button_id(message, "Next ▶"))
    assert message.content.splitlines()[1] == first_line

    # the board's Record button: the finished game's record, which replays to its result
    exported = await world.fake.click(bot_, world.alice, message, button_id(message, "Record"))
    assert private_reply(exported).startswith(f"📄 **Cardinal #{game_id}** as a text record")
    (file,) = exported.messages[-1].files
    assert file.filename == f"parley-{game_id}.txt"
    back = replay_record(read_record(file.data.decode()))
    result = (await bot_.store.game(game_id)).result
    assert back.game.result == {k: result[k] for k in ("winners", "reason", "params")}
    assert "| alice\n" in file.data.decode() and "| carol\n" in file.data.decode()
    # `/parley export` in the game's thread attaches the same record
    typed = await world.fake.slash(bot_, world.carol, world.thread(), "parley export")
    assert private_reply(typed) == private_reply(exported)
    assert typed.messages[-1].files[0].data == file.data


async def test_a_running_games_stepper_shows_public_boards_and_lines_only(
    world: World, monkeypatch
):
    """Tortuga with three votes in its first 30 moves: the step-through board at every move draws
    the public view only, and its words hold no secret of the game so far."""
    game_seed(monkeypatch, SEED)
    drawn: list[dict[str, object]] = []  # the views drawn (the pictures: a stand-in PNG)
    png = await asyncio.to_thread(bot.play.stepper.render, "cardinal", CARDINAL_VIEW)
    monkeypatch.setattr(
        bot.play.stepper, "render", lambda key, view, marks=None: drawn.append(view) or png
    )
    view_of = bot.play.stepper.GameSpec.view
    asked: list[object] = []

    def spy(self: object, state: object, seat: int | None) -> object:
        asked.append(seat)
        return view_of(self, state, seat)  # type: ignore[arg-type]

    users = players(world, 5)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    moves = random_game("tortuga", 5, SEED, pick=8)
    await fast_forward(bot_, game_id, moves[:30])
    secrets = secrets_until(moves, 30)
    monkeypatch.setattr(bot.play.stepper.GameSpec, "view", spy)

    opened = await world.fake.slash(bot_, world.carol, world.thread(), "parley replay")
    message = opened.messages[-1]
    assert private_reply(opened).startswith(f"🎞️ **Tortuga 1667 #{game_id}**, move 30 of 30\n")
    texts = [message.content]
    game = await bot_.store.game(game_id)
    stepper = bot_.herald.replays.stepper
    for move in range(30):  # every other move straight from the stepper, as a click gets it
        texts.append((await stepper.frame(game, move)).text)
    await world.fake.click(bot_, world.carol, message, button_id(message, "◀ Back"))
    texts.append(message.content)
    (menu,) = message.selects
    texts += [o.get("description", "") for o in menu.options]
    exported = await world.fake.click(bot_, world.carol, message, button_id(message, "Record"))
    assert "secret choices and seed are left out" in private_reply(exported)
    record = exported.messages[-1].files[0].data.decode()
    texts.append(record)
    with pytest.raises(RecordError, match="seed is hidden"):
        replay_record(read_record(record))

    text = "\n".join(texts)
    assert "has voted" in text and "'s secret choice" not in text and not RAW_VOTE.search(text)
    assert not any(secret in text for secret in secrets)
    assert set(asked) == {None} and len(drawn) == 31  # each board drawn once, then kept
    assert all("private" not in view for view in drawn)


async def test_a_replay_of_a_move_that_is_not_there_is_refused(world: World):
    bot_ = await world.start_bot()
    await open_game(world, bot_, "cardinal", clock="none")
    asked = await world.fake.slash(bot_, world.alice, world.thread(), "parley replay", move=7)
    assert private_reply(asked) == "This game has moves 0 to 0 so far."
    step = StepThrough(1, 9, "next", "Next ▶")  # a forged button
    message = components.forged(world.fake, world.thread(), step)
    clicked = await components.press(world.fake, bot_, world.alice, message, step)
    assert private_reply(clicked) == "This game has moves 0 to 0 so far."
    assert message.content == "x" and not message.files


def test_the_menu_offers_the_ends_the_moves_around_and_the_rest_spread():
    assert waypoints(0, 3) == [0, 1, 2, 3]
    long = waypoints(700, 2000)
    assert len(long) == 25 and long[0] == 0 and long[-1] == 2000
    assert set(range(697, 704)) <= set(long) and long == sorted(set(long))
    assert max(b - a for a, b in itertools.pairwise(long)) <= 2000 / 16

"""History and the board at any move (issue 16): "`/parley history [game] [page]`: the game's
narrated log, paged, for running games (only what was public at each step) and finished ones
(everything, after the reveal)" and "`/parley board [game] [move]`: the board as it stood
after any move (public view while the game runs)"."""

from __future__ import annotations

import io
import re

from PIL import Image

import bot.discord.afterplay
from bot.play.story import named
from games import REGISTRY
from games.core import finish
from tests.bot.conftest import World
from tests.bot.fake_discord import FakeUser
from tests.bot.helpers import private_reply
from tests.bot.history_helpers import fast_forward, game_seed, players, random_game
from tests.bot.test_secret_audit import secret_lines
from tests.bot.time_helpers import open_game

SPEC = REGISTRY["tortuga"]
SEED, PICK = 11, 8  # 5 players; votes at moves 4-6, 21-23, 28; P3 and P2 view cards at 39, 49
RAW_VOTE = re.compile(r"\bvote (cannon|torch|water) ", re.I)


def secrets_until(moves: list[tuple[int, str]], version: int) -> set[str]:
    """Every secret line of the game up to ``version``: each seat's private text at every
    step, and what the end would reveal (loyalties, who voted what, cards looked at)."""
    state = SPEC.new(5, SEED)
    found: set[str] = set()
    for seat, action in [(None, None), *moves[:version]]:
        if seat is not None:
            state = SPEC.apply(state, seat, action)
        for viewer in range(5):
            found |= secret_lines(SPEC.private_text(SPEC.view(state, viewer)))
    ended = SPEC.copy(state)
    finish(ended, [], "the test ends it")
    return found | {line for line in SPEC.reveal(ended) if "no event card" not in line}


async def all_pages(world: World, bot_, user: FakeUser) -> list[str]:
    """Every page of the thread's game history from the one it opens on: a running game's
    newest page, then ◀ Older ones; a finished game's first page, then Newer ▶ ones."""
    reply = await world.fake.slash(bot_, user, world.thread(), "parley history")
    message = reply.messages[-1]
    texts = [private_reply(reply)]
    older = any(b.label == "◀ Older" and not b.disabled for b in message.buttons)
    turn = "◀ Older" if older else "Newer ▶"
    while any(b.label == turn and not b.disabled for b in message.buttons):
        button = next(b for b in message.buttons if b.label == turn)
        click = await world.fake.click(bot_, user, message, button.custom_id)
        assert click.message is message  # the page turns in place
        texts.append(message.content)
    return texts


async def test_history_and_boards_of_a_running_game_show_nothing_secret(world: World, monkeypatch):
    game_seed(monkeypatch, SEED)
    drawn: list[dict] = []
    real_render = bot.discord.afterplay.render
    monkeypatch.setattr(
        bot.discord.afterplay,
        "render",
        lambda key, view, marks=None: drawn.append(view) or real_render(key, view, marks),
    )
    users = players(world, 5)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    moves = random_game("tortuga", 5, SEED, pick=PICK)
    await fast_forward(bot_, game_id, moves[:50])
    secrets = secrets_until(moves, 50)
    assert any("played" in s for s in secrets) and any("Loyalties: " in s for s in secrets)

    pages = await all_pages(world, bot_, world.carol)
    text = "\n".join(pages)
    assert len(pages) == 4 and pages[0].startswith("📜 **Tortuga 1667 #1**, page 4 of 4")
    assert pages[-1].startswith("📜 **Tortuga 1667 #1**, page 1 of 4")
    # Every move is told by its public line, once, in order.
    numbers = [int(n) for n in re.findall(r"^`(\d+)`", text, re.M)]
    assert sorted(numbers) == list(range(1, 51))
    assert "`6` <@" in text and "The attack vote reveals cannon, cannon, torch, torch" in text
    assert "`4` <@" in text and "P1 has voted." in text
    for line in secrets:
        assert line not in text, line
    assert not RAW_VOTE.search(text) and "secret choice" not in text

    for move in (0, 6, 39, 50):
        board = await world.fake.slash(bot_, world.carol, world.thread(), "parley board", move=move)
        said = private_reply(board)
        assert board.files and Image.open(io.BytesIO(board.files[0].data)).format == "PNG"
        for line in secrets:
            assert line not in said, line
        assert ("after move 39 of 50: P3 views event cards 2 and 4." in said) is (move == 39)
    assert drawn and all("private" not in view for view in drawn)
    assert "the opening board" in private_reply(
        await world.fake.slash(bot_, world.carol, world.thread(), "parley board", move=0)
    )
    too_far = await world.fake.slash(bot_, world.carol, world.thread(), "parley board", move=51)
    assert private_reply(too_far) == "This game has moves 0 to 50 so far."
    page = await world.fake.slash(bot_, world.carol, world.thread(), "parley history", page=9)
    assert private_reply(page) == "The history of this game has pages 1 to 4."


async def test_a_finished_games_history_tells_everything_after_the_reveal(
    world: World, monkeypatch
):
    game_seed(monkeypatch, SEED)
    users = players(world, 5)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    moves = random_game("tortuga", 5, SEED, pick=PICK)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    await world.fake.slash(bot_, users[seat], world.thread(), "parley move", action=action)
    game = await bot_.store.game(game_id)
    assert game.status == "over"

    pages = await all_pages(world, bot_, world.alice)
    assert ", page 1 of " in pages[0] and "\n`1` <@" in pages[0]  # it opens on the first moves
    text = "\n".join(pages)
    assert "`4` <@" in text and "(P1's secret choice: Play Cannon (British flag, Skull))" in text
    dutch = f"Dutch <@{users[0].id}> (P1)"
    assert text.index("`85` <@") < text.index("**How it ended:**") < text.index(dutch)
    for line in named(SPEC, game, SPEC.reveal(SPEC.load(game.state))):
        assert line in text  # everything, every line whole, naming the players

    listing = await world.fake.slash(
        bot_, world.alice, world.channel, "parley games", finished=True
    )
    said = private_reply(listing)
    assert said.startswith("**Your finished games** (1, newest first):")
    assert f"#1 Tortuga 1667: 🏆 <@{users[1].id}> (P2) and <@{users[4].id}> (P5) win!" in said
    assert f"· 85 moves · https://discord.com/channels/{world.guild.id}/{world.thread().id}" in said
    running = await world.fake.slash(bot_, world.alice, world.channel, "parley games")
    assert "`/parley games finished:True`" in private_reply(running)

"""The replay: "an animated image of the whole game (APNG or GIF, frames sampled
when the game is long, under Discord's 10 MB upload limit and under 8 MB to be safe), posted
with the reveal and on request ... built off the event loop", and "`parley demo GAME` writes
the replay and the final board by default; `--frames` still writes every board"."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from bot.demo import play_demo
from bot.discord.replays import draw
from bot.play.replays import card, public_boards
from bot.storage import AI_NAME, GameRecord, Seat
from games import REGISTRY
from renderers.replay import MAX_BYTES, MAX_FRAMES
from tests.bot.conftest import World
from tests.bot.helpers import private_reply
from tests.bot.history_helpers import fast_forward, final_posts, game_seed, players, random_game
from tests.bot.time_helpers import open_game


def boards_in(data: bytes) -> int:
    """The boards an animated GIF shows (its frames after the title card)."""
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF" and image.is_animated
        return image.n_frames - 1


async def test_the_replay_follows_the_final_post_once(world: World):
    """A finished Cardinal game: the scheduler's next tick posts its replay (every move, one
    frame each, far under 8 MB) after the final post, and never again."""
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", clock="none")
    game = await bot_.store.game(game_id)
    moves = random_game("cardinal", 2, game.seed, game.options)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    await world.fake.slash(
        bot_, [world.alice, world.carol][seat], world.thread(), "parley move", action=action
    )
    final = final_posts(world)[-1]
    assert world.thread_posts()[-1] is final  # the replay is drawn on the tick, not meanwhile

    await bot_.scheduler.tick()
    replay = world.thread_posts()[-1]
    (file,) = replay.files
    assert file.filename == f"replay-{game_id}.gif" and len(file.data) < MAX_BYTES
    assert boards_in(file.data) == len(moves) + 1  # the opening board, then every move
    assert replay.content == (
        f"🎞️ The whole game, move by move:\n**Cardinal #{game_id}**, an animated GIF: "
        f"{len(moves)} moves, "
        "each one shown."
    )
    assert replay.mentions == [] and (await bot_.store.unsent(game_id)) == []
    await bot_.scheduler.tick()
    assert world.thread_posts()[-1] is replay


async def test_a_replay_on_request_shows_the_public_boards_so_far(world: World, monkeypatch):
    game_seed(monkeypatch, 11)
    users = players(world, 5)
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "tortuga", clock="none", players=users)
    await fast_forward(bot_, game_id, random_game("tortuga", 5, 11, pick=8)[:30])
    asked = await world.fake.slash(
        bot_, world.carol, world.thread(), "parley replay", animated=True
    )
    assert private_reply(asked).startswith(
        "**Tortuga 1667 #1**, an animated GIF: 30 moves, each one shown."
    )
    assert boards_in(asked.files[0].data) == 31


@pytest.mark.slow
def test_the_longest_games_replay_fits_the_upload_limit():
    """Caribbean with 4 players, about 2,000 moves: a title card and 120 boards, each
    captioned with its move (so none merges with the next), under 8 MB."""
    moves = random_game("caribbean", 4, 1, pick=1)
    seats = [Seat(s, 100 + s) for s in range(4)]
    game = GameRecord(1, "caribbean", 1, 2, 3, 4, 100, "over", 1, {}, len(moves), None, None, seats)
    started = time.perf_counter()
    animation = draw(game, moves)
    took = time.perf_counter() - started
    assert len(moves) > 1500 and animation.moves == len(moves)
    assert animation.frames == boards_in(animation.data) == MAX_FRAMES
    assert len(animation.data) < MAX_BYTES
    print(f"caribbean, {len(moves)} moves: {len(animation.data) / 1e6:.2f} MB in {took:.1f} s")


def test_demo_writes_the_replay_and_the_final_board(tmp_path):
    spec = REGISTRY["cardinal"]
    log = play_demo(spec, tmp_path / "plain", seed=2)
    moves = len(log.read_text().splitlines()) - 2  # the title and the winner around them
    assert sorted(p.name for p in (tmp_path / "plain").iterdir()) == [
        "final.png",
        "log.txt",
        "replay.gif",
    ]
    assert boards_in((tmp_path / "plain" / "replay.gif").read_bytes()) == moves + 1
    play_demo(spec, tmp_path / "every", seed=2, frames=True)
    boards = sorted(p.name for p in (tmp_path / "every").glob("0*.png"))
    assert boards == [f"{n:04d}.png" for n in range(moves + 1)]


def test_the_title_card_tells_the_result_and_the_players():
    spec = REGISTRY["ship"]
    assert card(spec, "Ship #7", ["", AI_NAME], [1], "bow home", 9) == [
        "Ship #7",
        "Bow wins. Bow home.",
        "9 moves",
        "Stern",
        f"Bow: {AI_NAME}",
    ]
    assert card(spec, "Ship", ["", ""], [], "", 3)[1] == "A draw."
    assert card(spec, "Ship", ["", ""], None, "", 3)[1] == "Still being played."


def test_the_replay_draws_public_views_only(monkeypatch):
    """Secrets stay out: every board drawn is the view of no seat."""
    spec = REGISTRY["tortuga"]
    moves = random_game("tortuga", 5, 11, pick=8)[:40]
    seats = [Seat(s, 100 + s) for s in range(5)]
    game = GameRecord(1, "tortuga", 1, 2, 3, 4, 100, "active", 11, {}, 40, None, None, seats)
    asked = []
    view = type(spec).view

    def spy(self: object, state: object, seat: int | None) -> object:
        asked.append(seat)
        return view(self, state, seat)

    monkeypatch.setattr(type(spec), "view", spy)
    boards = public_boards(spec, game, moves, MAX_FRAMES)
    assert [move for move, _ in boards] == list(range(41)) and set(asked) == {None}

"""`/parley review` and the Review button (issue 27, item 3): each player privately reads their
own turning points, anyone the public ones, only once the game is over, made in a worker
process and kept, so a second ask is instant."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.play.reviews import REFUSED, Reviewed, Reviews, public_text, told_to
from bot.storage import GameRecord, Seat
from games.ai.review import Review, TurningPoint
from tests.bot.conftest import World
from tests.bot.helpers import button_id, private_reply, resign
from tests.bot.history_helpers import fast_forward, final_posts, random_game
from tests.bot.time_helpers import open_game


async def test_each_player_reads_their_own_turning_points_and_others_the_public_ones(
    world: World,
):
    alice, carol, bob = world.alice, world.carol, world.bob
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", "first=orange", clock="none")
    game = await bot_.store.game(game_id)
    moves = random_game("cardinal", 2, game.seed, game.options, pick=3)[:4]
    await fast_forward(bot_, game_id, moves)
    await resign(world.fake, bot_, carol, world.thread())
    final = final_posts(world)[-1]
    review = button_id(final, "Review")
    assert review == f"parley:review:{game_id}"

    mine = private_reply(await world.fake.click(bot_, alice, final, review))
    game = await bot_.store.game(game_id)
    found = bot_.reviews._kept[game_id, "en"]  # made once, in the worker, and kept
    assert mine == told_to(game, found, alice.id)
    assert mine.startswith(f"🔎 **Review of Cardinal #{game_id}** (4 moves), by the AI's")
    alices = {n for n, (seat, _) in enumerate(moves, start=1) if seat == 0}
    shown = {int(n) for n in re.findall(r"\*\*Move (\d+)\*\*", mine)}
    assert shown == {p.move for p in found.review.own(0)} and shown <= alices
    assert "win chance" in mine or "A clean game!" in mine

    bot_.reviews.close()  # a second ask must not need the worker
    theirs = private_reply(await world.fake.click(bot_, carol, final, review))
    assert theirs == told_to(game, found, carol.id) and bot_.reviews._workers is None
    outsider = private_reply(await world.fake.click(bot_, bob, final, review))
    assert outsider == public_text(game, found)
    assert "Moves everyone saw" in outsider and f"<@{alice.id}> (Orange)" in outsider

    before = len(world.thread_posts())
    shared = await world.fake.slash(bot_, carol, world.thread(), "parley review", share=True)
    post = world.thread_posts()[-1]
    assert len(world.thread_posts()) == before + 1 and post.content == public_text(game, found)
    assert post.mentions == []
    assert f"posted in <#{world.thread().id}>" in private_reply(shared)
    latest = await world.fake.slash(bot_, alice, world.channel, "parley review")
    assert private_reply(latest) == mine  # outside the thread: her latest finished game
    thread = world.thread()
    world.fake.delete_channel(thread)
    lost = await world.fake.slash(
        bot_, carol, world.channel, "parley review", game=game_id, share=True
    )
    assert private_reply(lost) == (
        f"I could not post in <#{thread.id}>; here is your review.\n"
        + told_to(game, found, carol.id)
    )


async def test_a_running_game_is_not_reviewed(world: World):
    bot_ = await world.start_bot()
    game_id = await open_game(world, bot_, "cardinal", clock="none")
    before = len(world.thread_posts())
    for share in (False, True):
        asked = await world.fake.slash(
            bot_, world.alice, world.thread(), "parley review", share=share
        )
        assert private_reply(asked) == REFUSED
    assert len(world.thread_posts()) == before
    assert (game_id, "en") not in bot_.reviews._kept
    elsewhere = await world.fake.slash(bot_, world.alice, world.channel, "parley review")
    assert private_reply(elsewhere) == (
        "You have no finished game here yet; a review is made once one is over."
    )


def test_the_words_of_a_review():
    """Win chances as "62% → 31%", labels not canonical text, the autopilot's moves not
    called yours, an AI seat by its label, and a secret choice only in its own seat's text."""
    seats = [Seat(0, 100), Seat(1, -1, kind="ai")]
    game = GameRecord(7, "ship", 1, 2, 3, 4, 100, "over", 5, {}, 9, None, None, seats)
    points = (
        TurningPoint(3, 0, "Mate C4 forward to C5", 0.62, 0.31, "Captain B3 home", "Gone", False),
        TurningPoint(5, 0, "A secret thing", 0.5, 0.4, "Another", "", True),
        TurningPoint(6, 1, "Mate A1 right", 0.9, 0.2, "Mate A1 left", "", False),
    )
    found = Reviewed(Review(9, points), frozenset({5}))
    mine = told_to(game, found, 100)
    assert mine.splitlines() == [
        "🔎 **Review of Ship (Stern vs Bow) #7** (9 moves), by the AI's reckoning.",
        "Your 2 biggest turning points (Stern):",
        "**Move 3**: you played *Mate C4 forward to C5*, win chance 62% → 31%.",
        "  ↳ Better: *Captain B3 home*. What it does: Gone.",
        "**Move 5**: the autopilot, standing in for you, played *A secret thing*, "
        "win chance 50% → 40%.",
        "  ↳ Better: *Another*.",
    ]
    everyone = told_to(game, found, 555)
    assert everyone == public_text(game, found)
    assert "A secret thing" not in everyone and "**Move 6**: Bow played *Mate A1 right*" in everyone
    assert "<@100> (Stern):" in everyone


async def test_a_dead_review_worker_is_replaced_next_time():
    """A worker killed mid-review (out of memory, say) fails that ask; the next one gets a
    new worker instead of the broken pool."""

    class Log:
        async def log(self, game_id: int) -> list:
            return []

    class Broken(ThreadPoolExecutor):
        def submit(self, *args, **kwargs):
            raise BrokenProcessPool("killed")

    reviews = Reviews(Log())  # type: ignore[arg-type]
    game = GameRecord(7, "ship", 1, 2, 3, 4, 100, "over", 5, {}, 0, None, None, [Seat(0, 1)])
    reviews._workers = Broken()  # type: ignore[assignment]
    with pytest.raises(BrokenProcessPool):
        await reviews.of(game)
    assert reviews._workers is None

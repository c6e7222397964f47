"""The end of a game told once: one post of at most 2,000 characters that says the result
once, by name (the seat in brackets), with scores written for people (42,000), each player's
rating change, and a compact reveal naming people, not seats; `/parley history` of a finished
game opens on its first moves."""

from __future__ import annotations

import re

import pytest

from bot.play.story import POST_LIMIT, final_post, told_once
from games import REGISTRY
from tests.bot.conftest import World
from tests.bot.helpers import private_reply
from tests.bot.history_helpers import (
    fast_forward,
    final_posts,
    game_seed,
    players,
    random_game,
)
from tests.bot.time_helpers import open_game

#: (game, players, options, seed, pick): the biggest tables of each game, played to the end.
GAMES = [
    ("cardinal", 2, {}, 3, 1),
    ("ship", 2, {}, 3, 1),
    ("rigadoon", 2, {}, 3, 1),
    ("tortuga", 5, {}, 11, 8),
    ("caribbean", 4, {"round_cap": 20}, 3, 4),
]


@pytest.mark.slow
@pytest.mark.parametrize(("key", "count", "options", "seed", "pick"), GAMES)
async def test_one_end_post_per_game_tells_the_result_once_by_name(
    world: World, monkeypatch: pytest.MonkeyPatch, key, count, options, seed, pick
):
    game_seed(monkeypatch, seed)
    spec = REGISTRY[key]
    users = players(world, count)
    bot_ = await world.start_bot()
    typed = " ".join(f"{name}={value}" for name, value in options.items())
    game_id = await open_game(world, bot_, key, typed, clock="none", players=users)
    moves = random_game(key, count, seed, options, pick=pick)
    await fast_forward(bot_, game_id, moves[:-1])
    seat, action = moves[-1]
    await world.fake.slash(bot_, users[seat], world.thread(), "parley move", action=action)

    game = await bot_.store.game(game_id)
    assert game.status == "over"
    state = spec.load(game.state)
    outcome = spec.outcome(state)
    posts = final_posts(world)
    assert len(posts) == 1, [p.content[:80] for p in posts]  # one message, board and all
    text = posts[0].content
    assert len(text) <= POST_LIMIT
    # The result once: the reason and the winners' names only on the 🏆 line.
    reason = outcome.reason.strip().rstrip(".")
    if reason:
        assert text.lower().count(reason.lower()) == 1, text
    result = next(line for line in text.splitlines() if line.startswith(("🏆", "🤝")))
    for winner in outcome.winners:
        assert f"<@{users[winner].id}> ({spec.seat_label(winner)})" in result
    # Scores as people write them, and how every player's rating moved.
    scores = next(line for line in text.splitlines() if line.startswith("Final scores: "))
    assert not re.search(r"\d{4}", scores), scores
    ratings = next(line for line in text.splitlines() if line.startswith("Ratings: "))
    for user in users:
        assert re.search(rf"<@{user.id}> 1500\? → \d{{4}}\? \([+-]\d+\)", ratings), ratings
    # The reveal names people: no seat label stands alone, each one follows its player.
    reveal = text.split("**The reveal:**\n", 1)[1]
    labels = {spec.seat_label(s): s for s in range(count)}
    for match in re.finditer(r"\b(" + "|".join(map(re.escape, labels)) + r")\b", reveal):
        before = reveal[: match.start()]
        assert before.endswith(f"<@{users[labels[match[1]]].id}> ("), (match[1], reveal)

    history = await world.fake.slash(bot_, users[0], world.thread(), "parley history")
    page = private_reply(history)
    assert ", page 1 of " in page and "\n`1` " in page  # the first moves, not the end


def test_a_long_reveal_keeps_what_fits_and_says_where_the_rest_is():
    lines = [
        "🏆 <@1> (P1) wins! Because.",
        "",
        "**The reveal:**",
        *[f"line {n}" * 30 for n in range(40)],
    ]
    text = final_post("<@1>: P1 does it.", lines)
    assert len(text) <= POST_LIMIT and text.endswith("`/parley history`.")
    assert "line 0" in text and "line 39" not in text


def test_the_move_line_drops_the_sentence_that_tells_the_result():
    assert (
        told_once(
            "Bow moves E8 → F9. Bow wins: Bow's Captain is back home on F9.",
            ("Bow's Captain is back home on F9"),
        )
        == "Bow moves E8 → F9."
    )
    assert (
        told_once(
            "P2 reveals a card. The British take the lead and win!",
            ("The British take the lead and win!"),
        )
        == "P2 reveals a card."
    )
    assert (
        told_once(
            "Round 7 ends. Game over (a player reached 41,000 doubloons): Blue wins.",
            ("a player reached 41,000 doubloons"),
        )
        == "Round 7 ends."
    )
    assert told_once("Orange places a ship on E2.", "Orange has all 5 ships") == (
        "Orange places a ship on E2."
    )

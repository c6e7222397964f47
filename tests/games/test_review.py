"""The review of a finished game (issue 27, item 3): "the AI replays the game and names each
player's three biggest turning points: the move, what the position was worth before and after
(as a win chance), and a better move with its reason; shown privately to each player for their
own moves, and publicly only after the game for public moves"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import games.ai.review as reviewing
from bot.review_bench import random_log as bench_log
from games import REGISTRY
from games.ai.review import MOST, NOTABLE, Review, look_deeper, quick_pass, review

#: (game, players, seed, moves): a short stretch of a seeded game for each game (a review
#: takes any log; the long games are cut to keep the suite quick).
GAMES = [
    ("cardinal", 2, 2, 30),
    ("ship", 2, 1, 30),
    ("rigadoon", 2, 1, 20),
    ("tortuga", 4, 7, 60),
    ("caribbean", 2, 1, 90),
]


def random_log(key: str, players: int, seed: int, most: int) -> list[tuple[int, int, str]]:
    """``(move, seat, action)`` of the first ``most`` moves of a random game from the seed."""
    return list(bench_log(REGISTRY[key], players, seed)[:most])


def positions(key: str, players: int, seed: int, log: list[tuple[int, int, str]]) -> list[Any]:
    """The state before each move of ``log``."""
    spec = REGISTRY[key]
    states = [spec.new(players, seed)]
    for _, seat, action in log:
        states.append(spec.apply(states[-1], seat, action))
    return states


@pytest.fixture(autouse=True)
def quick_reviewer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review that thinks less (the easy AI, fewer worlds, shorter play-outs, fewer
    decisions looked at deeply): the same path at a small part of the cost."""
    for name, value in [
        ("REVIEWER", "ai:easy"),
        ("WORLDS", 2),
        ("DEEP_WORLDS", 3),
        ("DEPTH", 2),
        ("SHORTLIST", 2),
        ("SETTLE", 4),
    ]:
        monkeypatch.setattr(reviewing, name, value)


@pytest.mark.parametrize(("key", "players", "seed", "moves"), GAMES)
def test_turning_points_are_real_drops_with_a_legal_better_move(key, players, seed, moves):
    spec = REGISTRY[key]
    log = random_log(key, players, seed, moves)
    found = review(spec, players, seed, None, log)
    assert found.points, "random moves always cost something"
    states = positions(key, players, seed, log)
    for point in found.points:
        assert 0 <= point.after < point.before <= 1 and point.drop >= NOTABLE
        state = states[point.move - 1]
        number, seat, action = log[point.move - 1]
        assert (number, seat) == (point.move, point.seat)
        assert point.played == spec.label(state, seat, action)
        legal = spec.legal_actions(state, seat)
        others = {spec.label(state, seat, a) for a in legal if a != action}
        assert point.better in others  # a legal move at that position, not the one played
        assert point.secret == spec.secret_choice(state, seat)
    drops = [p.drop for p in found.points]
    assert drops == sorted(drops, reverse=True)
    for seat in range(players):
        assert [p.seat for p in found.own(seat)] == [seat] * len(found.own(seat))
        assert len(found.own(seat)) <= MOST and len(found.public(seat)) <= MOST


def test_a_secret_choice_is_its_seats_own_and_never_public():
    """Tortuga's votes: a vote that cost its voter is among that voter's own turning points,
    and never among anyone's public ones."""
    log = random_log("tortuga", 4, 6, 110)
    found = review(REGISTRY["tortuga"], 4, 6, None, log)
    secret = [p for p in found.points if p.secret]
    assert secret, "this game has a costly vote"
    for point in secret:
        assert point in found.own(point.seat) or len(found.own(point.seat)) == MOST
        assert all(point not in found.public(seat) for seat in range(4))
    assert any(p in found.own(p.seat) for p in secret)


@pytest.mark.parametrize(("key", "players", "seed", "moves"), [GAMES[3], GAMES[4]])
def test_a_seats_review_never_depends_on_anothers_secrets(key, players, seed, moves):
    """Each of a seat's turning points is judged from its own knowledge: the same position
    with every other seat's secrets re-dealt (loyalties, hands, votes, bids, decks) gives the
    very same turning point, numbers and words alike."""
    spec = REGISTRY[key]
    log = random_log(key, players, seed, moves)
    decisions = quick_pass(spec, spec.new(players, seed), seed, log)
    worst = sorted(decisions, key=lambda d: -d.regret)[:3]
    for decision in worst:
        redealt = replace(decision, state=spec.sample(decision.state, decision.seat, 12345))
        assert spec.dump(redealt.state) != spec.dump(decision.state) or key == "caribbean"
        assert look_deeper(spec, redealt, seed) == look_deeper(spec, decision, seed)


def test_who_reads_what():
    """``own`` keeps a seat's biggest three, secret ones too; ``public`` only the others."""
    points = tuple(
        reviewing.TurningPoint(move, 0, f"m{move}", 0.9, 0.9 - drop, "b", "", secret)
        for move, drop, secret in [
            (1, 0.5, True),
            (2, 0.4, False),
            (3, 0.3, False),
            (4, 0.2, True),
            (5, 0.1, False),
        ]
    )
    found = Review(5, points)
    assert [p.move for p in found.own(0)] == [1, 2, 3]
    assert [p.move for p in found.public(0)] == [2, 3, 5]
    assert found.own(1) == found.public(1) == []

"""Games between players, counted: how often a player under test wins against the others.

``a`` sits in one seat and ``b`` fills every other seat; the seat of ``a`` goes round the
table from game to game (game ``i`` puts it in seat ``i % players``), so no seat's advantage
favours either side. A seat wins when the outcome names it among the winners (in a
hidden-team game that is when its side wins), draws when the outcome names nobody, and loses
otherwise. ``b``'s counts are per seat it filled, so with three players it plays two seats a
game and its win rate is that of one of its seats.

Each game is a pure function of (game, players, its index, the arena seed), so the results
are the same whatever the number of worker processes; only the think times differ. That is
also why a long run can be kept game by game (:meth:`Game.as_json`, a JSON-lines log) and
resumed or extended later: the games already in the log are counted, not played again.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games import REGISTRY
from games.ai.players import Player, make_player
from games.core import GameSpec

MAX_ACTIONS = 20_000
"""Every game ends under random play in a few thousand actions at most, but a rule that lets
a seat repeat free actions (Caribbean's pass on and steal back within one activation) lets a
deterministic player go round in circles; such a game is stopped here and counted as a draw
(and as ``unfinished``)."""


@dataclass(frozen=True)
class Game:
    """The result of one arena game."""

    seat_of_a: int
    winners: list[int]
    actions: int
    finished: bool
    think_ms: list[float]
    """How long ``a`` thought at each decision it had a real choice in (two or more legal
    actions; forced moves are answered at once and left out), in CPU time of its process:
    the time on one core, whatever else the machine is doing meanwhile."""
    opener: int = 0
    """The seat that acted first (in Cardinal the coin toss's, which decides much)."""

    def as_json(self) -> dict[str, Any]:
        """The game as one line of an arena log."""
        return {
            "seat_of_a": self.seat_of_a,
            "winners": self.winners,
            "actions": self.actions,
            "finished": self.finished,
            "think_ms": [round(ms, 1) for ms in self.think_ms],
            "opener": self.opener,
        }

    @classmethod
    def from_json(cls, line: dict[str, Any]) -> Game:
        return cls(
            line["seat_of_a"],
            line["winners"],
            line["actions"],
            line["finished"],
            line["think_ms"],
            line["opener"],
        )


@dataclass(frozen=True)
class Standing:
    """One player's record: counts per seat played, and the win rate's 95 % Wilson interval."""

    spec: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.played)

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "spec": self.spec,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
            "ci_low": round(low, 4),
            "ci_high": round(high, 4),
        }


@dataclass(frozen=True)
class Result:
    """A whole arena run."""

    game: str
    players: int
    a: Standing
    b: Standing
    think_ms: list[float] = field(repr=False)
    results: list[Game] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def unfinished(self) -> int:
        return sum(not result.finished for result in self.results)

    def think(self, fraction: float) -> float:
        return percentile(self.think_ms, fraction)

    def opening(self) -> tuple[int, int]:
        """Of the games ``a`` acted first in: how many, and how many it won (in a game the
        opener often wins, the rest of its games show whether it can win from behind)."""
        opened = [game for game in self.results if game.opener == game.seat_of_a]
        return len(opened), sum(game.seat_of_a in game.winners for game in opened)

    def as_json(self) -> dict[str, Any]:
        """The shape ``parley arena --json`` prints."""
        return {
            "game": self.game,
            "games": self.games,
            "players": [self.a.as_json(), self.b.as_json()],
            "think_ms": {"p50": round(self.think(0.5), 1), "p95": round(self.think(0.95), 1)},
            "opened": dict(zip(("games", "wins"), self.opening(), strict=True)),
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for ``z`` = 1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    spread /= denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


Entrant = str | Callable[[int], Player]
"""A player's name (``ai:normal``) or a function from a seed to a player."""


def seat_player(entrant: Entrant, seed: int) -> Player:
    return make_player(entrant, seed) if isinstance(entrant, str) else entrant(seed)


def play_game(
    spec: GameSpec[Any],
    a: Entrant,
    b: Entrant,
    players: int,
    index: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Game ``index`` of an arena: ``a`` in seat ``index % players``, ``b`` everywhere else,
    every seat's player seeded apart from the others and from the game's own seed; the game
    set up with ``options`` (the game's defaults for the rest)."""
    seat_of_a = index % players
    mixer = random.Random(f"{seed}:{index}")
    game_seed = mixer.getrandbits(31)
    seated = [
        seat_player(a if seat == seat_of_a else b, mixer.getrandbits(62)) for seat in range(players)
    ]
    state = spec.new(players, game_seed, dict(options or {}))
    opener = spec.to_act(state)[0]
    think: list[float] = []
    for actions in range(MAX_ACTIONS):
        to_act = spec.to_act(state)
        if not to_act:
            outcome = spec.outcome(state)
            assert outcome is not None
            return Game(seat_of_a, outcome.winners, actions, True, think, opener)
        seat = to_act[0]
        started = time.process_time()
        action = seated[seat].choose(spec, state, seat)
        if seat == seat_of_a and len(spec.legal_actions(state, seat)) > 1:
            think.append((time.process_time() - started) * 1000)
        state = spec.apply(state, seat, action)
    return Game(seat_of_a, [], MAX_ACTIONS, False, think, opener)


def run_arena(
    spec: GameSpec[Any],
    a: str,
    b: str,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int, Game], None] | None = None,
    known: Mapping[int, Game] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Result:
    """Play games ``0`` to ``games - 1`` of ``a`` against ``b``, except those ``known`` by
    index already (a log's, counted as they are); ``workers`` processes (default: one per
    core this process may use; 1 plays them here, one after the other, as does a spec that
    is not the registered one, which a worker could not find by its key). ``progress`` hears
    of each game played (its index and result) as soon as it and every game before it are
    over, so a long run can be judged, and logged, as it goes. ``options``: the game's
    options for every game (Cardinal's ``board``, say)."""
    count = players or spec.min_players
    make_player(a), make_player(b)  # refuse an unknown name before starting any process
    known = known or {}
    wanted = [index for index in range(games) if index not in known]
    workers = workers or len(os.sched_getaffinity(0))
    if workers == 1 or len(wanted) <= 1 or REGISTRY.get(spec.key) is not spec:
        here = (play_game(spec, a, b, count, index, seed, options) for index in wanted)
        played = _collect(wanted, here, progress)
    else:
        jobs = [(spec.key, a, b, count, index, seed, options) for index in wanted]
        with ProcessPoolExecutor(max_workers=min(workers, len(wanted))) as pool:
            there = pool.map(_play_registered, *zip(*jobs, strict=True))
            played = _collect(wanted, there, progress)
    results = [played[index] if index in played else known[index] for index in range(games)]
    return tally(spec.key, count, a, b, results)


def _collect(
    indices: list[int], played: Iterable[Game], progress: Callable[[int, Game], None] | None
) -> dict[int, Game]:
    """Every game of ``played`` by its index, each told to ``progress`` as it comes."""
    results = {}
    for index, game in zip(indices, played, strict=True):
        results[index] = game
        if progress is not None:
            progress(index, game)
    return results


def _play_registered(
    key: str, a: str, b: str, players: int, index: int, seed: int, options: Any
) -> Game:
    """:func:`play_game` in a worker process, which finds the game by its key (a spec holds
    functions that do not cross a process boundary)."""
    return play_game(REGISTRY[key], a, b, players, index, seed, options)


def tally(game: str, players: int, a: str, b: str, results: list[Game]) -> Result:
    """Count each seat's result in each game into the two players' standings."""
    counts = {"a": [0, 0, 0], "b": [0, 0, 0]}
    think: list[float] = []
    for result in results:
        think.extend(result.think_ms)
        for seat in range(players):
            record = counts["a" if seat == result.seat_of_a else "b"]
            if not result.winners:
                record[1] += 1
            elif seat in result.winners:
                record[0] += 1
            else:
                record[2] += 1
    return Result(
        game=game,
        players=players,
        a=Standing(a, *counts["a"]),
        b=Standing(b, *counts["b"]),
        think_ms=think,
        results=results,
    )

"""A finished game's turning points: for each seat, the moves that cost it most, each with
what its chances were worth before and after, and a better move with what that move does.

Pure (no I/O, no bot): the game is replayed from its seed and log. Every estimate is made from
the moving seat's own knowledge, never the real state: worlds drawn by ``spec.sample`` for
that seat at that moment, so a number or a reason can only reflect what the seat could have
known (its own hand, not another's).

Two passes keep a long game cheap (a 1,000-move game well inside two minutes on one core):

1. **Quick:** at every real decision (two or more legal actions), each legal action is played
   in :data:`WORLDS` of the seat's worlds and scored by ``spec.evaluate``; the *regret* is how
   far the move played fell below the best of them.
2. **Deep:** only the :data:`SHORTLIST` worst decisions of each seat (and of its public moves,
   which may be posted) are looked at again: the AI (:data:`REVIEWER`) picks its move, and
   the move played, the AI's and the quick pass's best are each played out :data:`DEPTH`
   greedy plies in :data:`DEEP_WORLDS` worlds. A turning point is a move that the best of
   them beats by at least :data:`NOTABLE`; *before* is that best move's worth, *after* the
   worth of the move played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.players import make_player
from games.core import GameSpec
from games.core.words import clauses

REVIEWER = "ai:normal"
"""The player whose choice is offered as the better move."""

WORLDS = 4
"""The seat's sampled worlds each action is scored in by the quick pass."""

DEEP_WORLDS = 8
"""Worlds each shortlisted move is played out in."""

DEPTH = 6
"""Greedy plies played after a shortlisted move before the game's estimate is read: enough
to see the answer to it (or the rest of a turn of several actions)."""

SETTLE = 8
"""Plies a secret choice (a vote, a bid) is played on for, at most, until no seat is choosing
in secret any more: its worth shows only once the choices are revealed, never one ply on."""

SHORTLIST = 5
"""Worst decisions per seat (and per seat among its public moves) looked at deeply."""

MOST = 3
"""Turning points shown per seat."""

NOTABLE = 0.03
"""The least loss of win chance (three points) that counts as a turning point."""

REASONS = 2
"""Lines of what the better move changes, at most."""

Log = Sequence[tuple[int, int, str]]
"""``(move number, seat, action)`` of every action in effect, in order."""


@dataclass(frozen=True)
class TurningPoint:
    """One costly move. ``before``: the seat's win chance with the better move; ``after``:
    with the move played. ``secret``: a secret choice (a vote, a bid), for its seat's eyes."""

    move: int
    seat: int
    played: str
    before: float
    after: float
    better: str
    reason: str
    secret: bool

    @property
    def drop(self) -> float:
        return self.before - self.after


@dataclass(frozen=True)
class Review:
    """Every turning point found, the worst first; :meth:`own` and :meth:`public` pick what
    one audience may read."""

    moves: int
    points: tuple[TurningPoint, ...]

    def own(self, seat: int) -> list[TurningPoint]:
        """The seat's biggest turning points, secret choices included: for its player only."""
        return [p for p in self.points if p.seat == seat][:MOST]

    def public(self, seat: int) -> list[TurningPoint]:
        """The seat's biggest turning points among moves the whole table saw."""
        return [p for p in self.points if p.seat == seat and not p.secret][:MOST]


@dataclass(frozen=True)
class Decision:
    """A move with a choice, and what the quick pass made of it."""

    move: int
    seat: int
    action: str
    state: Any
    regret: float
    best: str
    secret: bool


def review(
    spec: GameSpec[Any],
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    log: Log,
) -> Review:
    """The turning points of the game ``log`` was played in (set up from ``players``,
    ``seed`` and ``options``)."""
    decisions = quick_pass(spec, spec.new(players, seed, options), seed, log)
    points = [
        point
        for decision in shortlist(decisions)
        if (point := look_deeper(spec, decision, seed)) is not None
    ]
    points.sort(key=lambda p: (-p.drop, p.move))
    return Review(len(log), tuple(points))


def quick_pass(spec: GameSpec[Any], state: Any, seed: int, log: Log) -> list[Decision]:
    """Every decision of the game, scored one ply deep in the mover's worlds."""
    decisions = []
    for move, seat, action in log:
        legal = spec.legal_actions(state, seat)
        if len(legal) > 1:
            worlds = seat_worlds(spec, state, seat, decision_rng(seed, move), WORLDS)
            secret = spec.secret_choice(state, seat)
            values = {a: worth(spec, worlds, seat, a, 0, guess(seed, move, secret)) for a in legal}
            best = max(legal, key=lambda a: values[a])
            decisions.append(
                Decision(
                    move,
                    seat,
                    action,
                    state,
                    values[best] - values.get(action, 0.0),
                    best,
                    secret,
                )
            )
        state = spec.apply(state, seat, action)
    return decisions


def shortlist(decisions: list[Decision]) -> list[Decision]:
    """Each seat's :data:`SHORTLIST` worst decisions, and its worst public ones, in the
    order they were played."""
    chosen: dict[int, Decision] = {}
    for seat in {d.seat for d in decisions}:
        mine = sorted(
            (d for d in decisions if d.seat == seat and d.regret > 0),
            key=lambda d: (-d.regret, d.move),
        )
        for d in mine[:SHORTLIST] + [d for d in mine if not d.secret][:SHORTLIST]:
            chosen[d.move] = d
    return [chosen[move] for move in sorted(chosen)]


def look_deeper(spec: GameSpec[Any], decision: Decision, seed: int) -> TurningPoint | None:
    """The turning point ``decision`` is, if a better move is worth :data:`NOTABLE` more
    once each is played out; None if the move played holds its own."""
    state, seat, played = decision.state, decision.seat, decision.action
    rng = decision_rng(seed, decision.move)
    choice = make_player(REVIEWER, rng.getrandbits(62)).choose(spec, state, seat)
    worlds = seat_worlds(spec, state, seat, rng, DEEP_WORLDS)
    values = {
        a: worth(spec, worlds, seat, a, DEPTH, greedy if decision.secret else None)
        for a in {played, choice, decision.best}
    }
    better = max(
        (a for a in (choice, decision.best) if a != played), key=lambda a: values[a], default=None
    )
    if better is None or values[better] - values[played] < NOTABLE:
        return None
    return TurningPoint(
        move=decision.move,
        seat=seat,
        played=spec.label(state, seat, played),
        before=values[better],
        after=values[played],
        better=spec.label(state, seat, better),
        reason=reason(spec, worlds, seat, better),
        secret=decision.secret,
    )


def decision_rng(seed: int, move: int) -> random.Random:
    """One stream per decision, so a review is the same every time it is made."""
    return random.Random(f"{seed}:{move}:review")


def seat_worlds(
    spec: GameSpec[Any], state: Any, seat: int, rng: random.Random, count: int
) -> list[Any]:
    """``count`` full states agreeing with all ``seat`` can see of ``state``."""
    worlds = []
    for _ in range(count):
        world = spec.sample(state, seat, rng.getrandbits(62))
        worlds.append(spec.copy(world) if world is state else world)
    return worlds


Pick = Callable[[GameSpec[Any], Any, int], str]
"""How a play-out chooses a mover's action: ``pick(spec, state, seat)``."""


def worth(
    spec: GameSpec[Any],
    worlds: list[Any],
    seat: int,
    action: str,
    depth: int,
    settle: Pick | None = None,
) -> float:
    """``seat``'s mean estimate over ``worlds`` after playing ``action``, then (for a secret
    choice, given ``settle``) the plies until no seat chooses in secret any more, each picked
    by ``settle``, then ``depth`` greedy plies."""
    total = 0.0
    for world in worlds:
        after = spec.copy(world)
        spec.play(after, seat, action)
        if settle is not None:
            play_on(
                spec,
                after,
                SETTLE,
                settle,
                lambda s: any(spec.secret_choice(s, due) for due in spec.to_act(s)),
            )
        play_on(spec, after, depth, greedy, lambda s: True)
        total += spec.evaluate(after)[seat]
    return total / len(worlds)


def play_on(
    spec: GameSpec[Any], state: Any, most: int, pick: Pick, going: Callable[[Any], bool]
) -> None:
    """At most ``most`` plies in ``state``, each picked by ``pick``, while the game and
    ``going`` last."""
    for _ in range(most):
        to_act = spec.to_act(state)
        if not to_act or not going(state):
            return
        spec.play(state, to_act[0], pick(spec, state, to_act[0]))


def guess(seed: int, move: int, secret: bool) -> Pick | None:
    """How the quick pass settles a secret choice: the choices its seat cannot know (the
    others' votes and bids) picked at random, from the decision's own stream (alike for every
    action weighed), a sixth of a greedy pick's cost. None when the choice is not secret."""
    if not secret:
        return None
    rng = decision_rng(seed, move)
    return lambda spec, state, seat: rng.choice(spec.legal_actions(state, seat))


def greedy(spec: GameSpec[Any], state: Any, seat: int) -> str:
    """The action whose result ``spec.evaluate`` likes best for ``seat`` (the first of a tie,
    so a play-out is the same every time)."""
    best, best_value = "", -1.0
    for action in spec.legal_actions(state, seat):
        after = spec.copy(state)
        spec.play(after, seat, action)
        value = spec.evaluate(after)[seat]
        if value > best_value:
            best, best_value = action, value
    return best


def reason(spec: GameSpec[Any], worlds: list[Any], seat: int, action: str) -> str:
    """What ``action`` changes on the table, in the game's words: only what it changes in
    every one of the seat's worlds alike, so nothing a draw or a die made up in one world is
    told, only what the seat knew would happen."""
    said: list[list[str]] = []
    for world in worlds:
        after = spec.copy(world)
        spec.play(after, seat, action)
        changes = spec.changes(spec.view(world, None), spec.view(after, None))
        said.append([str(c["text"]).rstrip(".") for c in changes if c.get("text")])
    common = [text for text in said[0] if all(text in other for other in said)]
    return clauses(common[:REASONS])

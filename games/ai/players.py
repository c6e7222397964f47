"""The players that can fill a seat: ``random``, ``greedy`` and the tree search at three
strengths, all behind one method, ``choose(spec, state, seat) -> action``.

A player is handed the real state (that is what the bot and the arena hold) but looks at it
only through what its seat may know: its own legal actions (the bot offers the same list to a
human in that seat) and worlds drawn by ``spec.sample(state, seat, seed)``, the only way the
search and the greedy player ever see a full state. :func:`observe` takes these and drops the
state, so nothing after it can reach a secret.

Randomness: a player draws one seed per decision from its own stream, started by its seed.
So a fresh player with a given seed makes the same decision in two positions its seat cannot
tell apart, and a game between seeded players replays exactly.

Going round in circles: within one turn of several actions (a ship sailed step by step,
chests traded, bids changed before the OK) the greedy player and the search never take an
action that brings the turn back to where it already stood (:func:`onward`, from the game's
``turn_trail``); the rules may allow it, but it only wastes the turn. Nor do they go on
wandering to new positions for nothing: an action that keeps the turn going is taken only if
it looks better than the best one that ends it, so a player that sees no difference between
two ways ends its turn, and after :data:`PATIENCE` positions it ends it anyway. This needs no
memory in the player: the trail is in the state, so the
bot's stand-in, a fresh player for every decision, stops just the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.ai.search import Budget, search
from games.core import GameSpec

LEVELS: dict[str, Budget] = {
    "easy": Budget(per_action=3, floor=12, ceiling=60),
    "normal": Budget(per_action=50, floor=200, ceiling=1000),
    "hard": Budget(
        per_action=400,
        floor=4000,
        ceiling=16000,
        lookahead=0.1,
        paranoid=False,
        minimax_apart=False,
    ),
}
"""The search's think budgets by name. Counts of iterations, never a clock: the same
decision on a fast machine or a loaded one. ``easy`` thinks a fifth as long as it used to (at
40 to 200 iterations it played Tortuga as well as ``normal``, which won 105 of 200): it
still looks a move or two ahead but misses what ``normal`` sees. ``hard`` expands each node
all at once where the sampled worlds agree (``lookahead``, a tenth of its iterations:
Cardinal, Ship, Rigadoon; see ``search.agree``), a best-first search along the game's
evaluation. Elsewhere it grows one child per iteration, 400 per legal action, and values a
node by its mean reward: where the worlds differ, a node's best child is often only the
luckiest world's (``minimax_apart``). docs/ai.md has the measurements."""

PLAYER_NAMES = ("random", "greedy", *(f"ai:{level}" for level in LEVELS))


class Player(Protocol):
    """Anything that can fill a seat."""

    name: str

    def choose(self, spec: GameSpec[Any], state: Any, seat: int) -> str:
        """A legal action for ``seat``, one of ``spec.legal_actions(state, seat)``."""
        ...


@dataclass(frozen=True)
class Observation:
    """All a player may learn of a position: its seat's legal actions and a source of full
    worlds consistent with that seat's view (``worlds(seed)``, a fresh state each time)."""

    legal: list[str]
    worlds: Callable[[int], Any]


PATIENCE = 16
"""Positions a turn of the AI's may pass through before it takes only an action that ends
the turn: more than a useful turn needs (in Caribbean, five steps and a few chest trades, or
nine bid changes to reach any order of the cards). The search values going on by the best of
its own later choices, which flatters it, so without a bound a turn can wander from one
new position to the next long after anything is gained."""


@dataclass(frozen=True)
class Onward:
    """The actions worth weighing (:func:`onward`), and which of them end the seat's turn of
    several actions (none when the seat is not inside one)."""

    actions: list[str]
    ending: frozenset[str] = frozenset()


def onward(spec: GameSpec[Any], seen: Observation, seat: int) -> Onward:
    """The legal actions that do not take ``seat``'s turn back to a position it already stood
    in this turn (the last key of the game's ``turn_trail`` found earlier in it), or all of
    them if every one would (ending the turn never does); only those that end the turn once
    it has passed through :data:`PATIENCE` positions. Worked out in a sampled world: the
    trail holds only what the seat may see, so any world gives the same answer."""
    if len(seen.legal) == 1:
        return Onward(seen.legal)
    world = seen.worlds(0)
    before = spec.turn_trail(world, seat)
    if not before:
        return Onward(seen.legal)
    kept, ending = [], set()
    for action in seen.legal:
        after = spec.copy(world)
        spec.play(after, seat, action)
        trail = spec.turn_trail(after, seat)
        if trail[:-1] != before:
            ending.add(action)
        elif trail[-1] in before:
            continue
        kept.append(action)
    if len(before) >= PATIENCE and ending:
        kept = [action for action in seen.legal if action in ending]
    return Onward(kept or seen.legal, frozenset(ending))


def observe(spec: GameSpec[Any], state: Any, seat: int) -> Observation:
    """What ``seat`` may know of ``state``; the state stays behind, reachable only through
    ``spec.sample`` for this seat."""

    def worlds(seed: int) -> Any:
        world = spec.sample(state, seat, seed)
        return spec.copy(world) if world is state else world

    return Observation(spec.legal_actions(state, seat), worlds)


@dataclass
class Seeded:
    """A player's own random stream: one fresh seed per decision."""

    seed: int = 0
    stream: random.Random = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.stream = random.Random(self.seed)

    def decision(self) -> random.Random:
        return random.Random(self.stream.getrandbits(62))


@dataclass
class RandomPlayer(Seeded):
    """A uniformly random legal action: the floor every other player must beat."""

    name: str = "random"

    def choose(self, spec: GameSpec[Any], state: Any, seat: int) -> str:
        return self.decision().choice(spec.legal_actions(state, seat))


@dataclass
class GreedyPlayer(Seeded):
    """One ply: the action whose result the game's ``evaluate`` likes best for this seat,
    averaged over ``worlds`` sampled worlds (the same ones for every action); ties broken at
    random by the seed. The baseline that shows what the search adds."""

    worlds: int = 4
    name: str = "greedy"

    def choose(self, spec: GameSpec[Any], state: Any, seat: int) -> str:
        rng = self.decision()
        seen = observe(spec, state, seat)
        weighed = onward(spec, seen, seat)
        actions = list(weighed.actions)
        if len(actions) == 1:
            return actions[0]
        samples = [seen.worlds(rng.getrandbits(62)) for _ in range(self.worlds)]
        rng.shuffle(actions)
        actions.sort(key=lambda action: action not in weighed.ending)  # ending wins a tie
        best, best_value = actions[0], -1.0
        for action in actions:
            value = 0.0
            for world in samples:
                after = spec.copy(world)
                spec.play(after, seat, action)
                value += spec.evaluate(after)[seat]
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


@dataclass
class SearchPlayer(Seeded):
    """Information-set Monte Carlo tree search (:mod:`games.ai.search`) with a budget."""

    budget: Budget = field(default_factory=lambda: LEVELS["normal"])
    name: str = "ai"

    def choose(self, spec: GameSpec[Any], state: Any, seat: int) -> str:
        rng = self.decision()
        seen = observe(spec, state, seat)
        weighed = onward(spec, seen, seat)
        if len(weighed.actions) == 1:
            return weighed.actions[0]
        return search(
            spec,
            seen.worlds,
            seat,
            weighed.actions,
            self.budget,
            rng.getrandbits(62),
            weighed.ending,
        )


def make_player(name: str, seed: int = 0) -> Player:
    """The player a name stands for: ``random``, ``greedy`` or ``ai:easy|normal|hard``."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    kind, _, level = name.partition(":")
    if kind == "ai" and level in LEVELS:
        return SearchPlayer(seed, LEVELS[level], name)
    raise ValueError(f"unknown player {name!r}; choose from {', '.join(PLAYER_NAMES)}")

"""Information-set Monte Carlo tree search (UCT) over the engine contract, for any game.

The search never holds the real state. It is handed ``worlds``: a function from a seed to a
fresh state drawn by the game's ``sample`` hook for the searching seat, so every world agrees
with what that seat can see and re-deals everything it cannot. Each iteration plays in a copy
of one of these worlds (taken in turn from a few drawn up front) and walks one shared tree
keyed by action text (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012): in a world where some child's action is not legal it is simply not offered,
and a child's "availability" counts the visits in which it was (the UCB term uses that count
instead of the parent's visits, so actions rarely legal are not over-explored).

* Several seats: every node keeps the sum of rewards for every seat; the seat that moves at a
  node picks the child best for itself (max^n). Rewards come from ``spec.evaluate``.
* Simultaneous choices (``to_act`` holds several seats) are taken in turn: the searching seat
  first, then the others in ``to_act`` order. So the searcher never conditions its own choice
  on a secret it would not know. A ``paranoid`` search lets the opponents answer it as if they
  saw it; otherwise an opponent making a secret choice (a bid, a vote: the game's
  ``secret_choice``) chooses on what it can see: its statistics are kept per information set,
  the path with the searcher's secret actions left out, and shared by every secret choice of
  the searcher's that looks the same to it (the opponent's half of multiple-observer ISMCTS,
  Cowling, Powley and Whitehouse 2015). A paranoid search values a bid by the best answer to
  it, and more iterations find that answer more surely: it grows more timid the longer it
  thinks.
* Chance lives inside the state's RNG, which ``sample`` re-deals: the same path in two worlds
  may lead to different positions, which is what makes the tree an information-set tree.
* Leaves: a random playout of at most ``depth`` actions, then ``spec.evaluate``.

Everything is drawn from one ``random.Random(seed)``, so a search is a pure function of the
worlds it is given, its budget and its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import GameSpec

Worlds = Callable[[int], Any]
"""``worlds(seed)``: a fresh state consistent with the searching seat's view."""


@dataclass(frozen=True)
class Budget:
    """How hard the search thinks.

    Iterations are a count, never a clock, so that a decision is the same on a fast machine or
    a loaded one: ``per_action`` for each legal action at the root, at least ``floor`` and at
    most ``ceiling`` (a choice among many needs more, a short list fewer). ``depth``: random
    actions played out from a new leaf before the game's evaluation takes over. ``worlds``:
    how many worlds are sampled up front (iterations copy them in turn; a sample costs several
    copies in a game with deep secrets). ``exploration``: the UCB constant. ``minimax``: the
    weight of the implicit minimax backup (Lanctot et al. 2014) beside the mean reward when
    choosing a child: every node also keeps the best evaluation its mover can reach below it,
    which a good ``evaluate`` makes far sharper than a mean over replies an opponent would
    never play."""

    per_action: int
    floor: int
    ceiling: int
    depth: int = 0
    worlds: int = 32
    exploration: float = 0.5
    minimax: float = 0.5
    paranoid: bool = True
    """Whether an opponent's secret choice may answer the searcher's secret choice made
    before it in the same phase (module docstring)."""
    minimax_apart: bool = True
    """Whether the minimax backup also holds in a search whose worlds differ (one that does
    not look ahead; :func:`agree` decides at the root). There a node's children hold the
    positions of several worlds (the card a vote draws from the deck, a revealed event, a
    re-dealt hand), and the child its mover likes best is often the best of chance's outcomes
    rather than a choice it has: the estimate is the luck of the luckiest world. Without it
    such a search values every node by its mean reward, which more iterations sharpen instead
    of making more optimistic."""
    lookahead: float = 0.0
    """Where the worlds agree (:func:`agree`: every seat sees the same in each, and every
    move leads to positions the evaluation values alike), expand a node all at once and
    spend this share of the iterations: play and evaluate every action legal there, so each
    node's minimax estimate sees one ply further and the tree grows best-first along the
    lines the evaluation likes (best-first minimax, Korf and Chickering 1996); an iteration
    then costs one evaluation per action, and ``depth`` is not used. Where the worlds
    differ in what a seat sees or in what a move is worth, a position's evaluation is one
    world's luck, which best-first would chase: there the search adds one child per
    iteration, averaging each over many worlds, as without ``lookahead``."""

    def iterations(self, actions: int) -> int:
        return max(self.floor, min(self.ceiling, self.per_action * actions))


class Node:
    """One edge of the tree: the action that leads here from the parent, seen from there.

    ``rewards`` sums the outcomes of the iterations through it, per seat; ``estimate`` is its
    implicit minimax value per seat; ``mover`` the seat that chose among its children on the
    latest visit; ``blind`` whether that seat chose from an information set, not seeing which
    of the searcher's secret choices led here (then the estimate is the mean reward: the best
    child for the mover is an answer it could not have known to give)."""

    __slots__ = ("available", "blind", "children", "estimate", "mover", "rewards", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 1
        self.rewards = [0.0] * seats
        self.estimate: list[float] = []
        self.mover = 0
        self.blind = False


def search(
    spec: GameSpec[Any],
    worlds: Worlds,
    seat: int,
    legal: list[str],
    budget: Budget,
    seed: int,
    ending: frozenset[str] = frozenset(),
) -> str:
    """The action among ``legal`` that ``seat`` should take after searching worlds drawn from
    ``worlds``: the root child visited most often, the better mean reward breaking a tie,
    then the seed. Inside a turn of several actions, ``ending`` are those that end it: another
    is taken only if its mean reward beats theirs, since the search values a turn that goes
    on by the best of the seat's own later choices, which flatters going on."""
    rng = random.Random(seed)
    iterations = budget.iterations(len(legal))
    pool = [worlds(rng.getrandbits(62)) for _ in range(min(budget.worlds, iterations))]
    lookahead = budget.lookahead > 0 and agree(spec, pool, seat, legal)
    if lookahead:
        iterations = max(1, round(iterations * budget.lookahead))
        if same(spec, pool):
            pool = pool[:1]
    minimax = budget.minimax if lookahead or budget.minimax_apart else 0.0
    seats = len(spec.evaluate(pool[0]))
    root = Node(seats)
    blind: dict[tuple[int, tuple[str, ...]], Node] = {}
    for iteration in range(iterations):
        state = spec.copy(pool[iteration % len(pool)])
        path = [root]
        seen: list[str] = []
        shared: list[Node] = []
        node, mover, actions = root, seat, legal
        rewards: list[float] | None = None
        while True:
            node.mover = mover
            if lookahead and any(a not in node.children for a in actions):
                rewards = _expand(spec, state, node, actions, mover, seats)
                break
            secret = not budget.paranoid and spec.secret_choice(state, mover)
            node.blind = secret and mover != seat and len(seen) < len(path) - 1
            if node.blind:
                infoset = blind.setdefault((mover, tuple(seen)), Node(seats))
                action, chosen, _ = _select(infoset, actions, mover, seats, budget, rng, 0.0)
                shared.append(chosen)
                expanded = action not in node.children
                node = node.children.setdefault(action, Node(seats))
            else:
                action, node, expanded = _select(node, actions, mover, seats, budget, rng, minimax)
            if not (secret and mover == seat):
                seen.append(f"{mover} {action}")
            spec.play(state, mover, action)
            path.append(node)
            to_act = spec.to_act(state)
            if expanded or not to_act:
                break
            mover = seat if seat in to_act else to_act[0]
            actions = spec.legal_actions(state, mover)
        if rewards is None and budget.depth and to_act and not lookahead:
            if minimax:
                node.estimate = spec.evaluate(state)
            rewards = _playout(spec, state, budget.depth, rng)
        elif rewards is None:
            rewards = node.estimate = spec.evaluate(state)
        _back_up(path, rewards, seats, minimax > 0)
        _back_up(shared, rewards, seats, False)
    children = root.children

    def preference(action: str) -> tuple[int, float]:
        child = children.get(action)
        if child is None:
            return (0, 0.0)
        return (child.visits, child.rewards[seat] / child.visits)

    shuffled = list(legal)
    rng.shuffle(shuffled)
    best = max(shuffled, key=preference)
    stops = [action for action in shuffled if action in ending]
    if stops and best not in ending:
        stop = max(stops, key=lambda action: preference(action)[1])
        if preference(stop)[1] >= preference(best)[1]:
            return stop
    return best


def same(spec: GameSpec[Any], pool: list[Any]) -> bool:
    """Whether two worlds drawn with different seeds are the same position: then nothing is
    hidden from the seat and no chance is left to re-deal."""
    return len(pool) > 1 and spec.dump(pool[0]) == spec.dump(pool[1])


def agree(spec: GameSpec[Any], pool: list[Any], seat: int, legal: list[str]) -> bool:
    """Whether the worlds agree on all that matters to a best-first search: every seat sees
    the same in two worlds drawn with different seeds (they differ at most in chance still to
    come, like the order of an undrawn pile), and every move here leads to positions the
    evaluation values alike in both. Checked at the root only: deeper in the tree, once the
    chance has turned up, the search trusts the evaluation to value the position as it
    would in any world, which holds where it never reads the chance (Rigadoon's evaluation
    counts ships, masts and chests, never the wind)."""
    if len(pool) < 2:
        return False
    if same(spec, pool):
        return True
    first, second = pool[0], pool[1]
    seats = range(spec.players(first))
    if any(spec.view(first, other) != spec.view(second, other) for other in seats):
        return False
    return all(
        spec.evaluate(spec.apply(first, seat, action))
        == spec.evaluate(spec.apply(second, seat, action))
        for action in legal
    )


def _select(
    node: Node,
    actions: list[str],
    mover: int,
    seats: int,
    budget: Budget,
    rng: random.Random,
    minimax: float,
) -> tuple[str, Node, bool]:
    """Expand an action never tried from ``node`` if there is one in this world, else the
    UCB1 choice for ``mover`` among the actions legal in this world; says which it did.
    ``minimax``: the weight of the children's minimax estimates (0 where they carry none, as
    in an information set)."""
    children = node.children
    untried = [a for a in actions if a not in children]
    for a in actions:
        if a in children:
            children[a].available += 1
    if untried:
        action = untried[0] if len(untried) == 1 else rng.choice(untried)
        child = children[action] = Node(seats)
        return action, child, True
    exploration = budget.exploration
    best_action = actions[0]
    best_child = children[best_action]
    best_score = -math.inf
    for a in actions:
        child = children[a]
        score = child.rewards[mover] / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if minimax:
            score += minimax * (child.estimate[mover] - child.rewards[mover] / child.visits)
        if score > best_score:
            best_action, best_child, best_score = a, child, score
    return best_action, best_child, False


def _expand(
    spec: GameSpec[Any], state: Any, node: Node, actions: list[str], mover: int, seats: int
) -> list[float]:
    """Give ``node`` a child for every action in ``actions`` it lacks, each valued by the
    evaluation of the position it leads to and counted as visited once; the value of the
    best of them for ``mover`` is the iteration's reward."""
    children = node.children
    for action in actions:
        if action in children:
            children[action].available += 1
            continue
        after = spec.copy(state)
        spec.play(after, mover, action)
        child = children[action] = Node(seats)
        child.estimate = spec.evaluate(after)
        child.rewards = list(child.estimate)
        child.visits = 1
    return max((children[action].estimate for action in actions), key=lambda e: e[mover])


def _back_up(path: list[Node], rewards: list[float], seats: int, minimax: bool) -> None:
    """Add the iteration's rewards along its path and, with minimax backups, give each node
    the estimate of the child its mover likes best (deepest first)."""
    for node in reversed(path):
        node.visits += 1
        sums = node.rewards
        for seat in range(seats):
            sums[seat] += rewards[seat]
        if minimax and node.blind:
            node.estimate = [total / node.visits for total in sums]
        elif minimax and node.children:
            mover = node.mover
            node.estimate = max(
                (child.estimate for child in node.children.values()), key=lambda e: e[mover]
            )


def _playout(spec: GameSpec[Any], state: Any, depth: int, rng: random.Random) -> list[float]:
    """Random legal actions for at most ``depth`` steps, then the game's own estimate."""
    for _ in range(depth):
        to_act = spec.to_act(state)
        if not to_act:
            break
        mover = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        spec.play(state, mover, rng.choice(spec.legal_actions(state, mover)))
    return spec.evaluate(state)

"""Who plays whom in the next round, as pure functions of the rounds before.

- **Swiss** (2-player games): players meet others on their score; nobody meets the same
  opponent twice while it can be avoided; with an odd count the lowest-ranked player who has
  had no bye gets it (a win). The pairing is a depth-first search with backtracking, so a
  choice that would leave the bottom of the table unpairable is undone rather than forced
  into a rematch; only when no rematch-free pairing exists are rematches allowed (fewest first).
- **Round robin** (2-player games): the circle method, every pair meeting once.
- **Tables** (multi-player games): each round the players sit at tables of the game's seat
  count, meeting as few people again as can be found, with each player's seats balanced over
  the rounds.
- **Single elimination** (2-player games): a bracket of the next power of two, byes to the
  top seeds in round one, winners meet winners.

Seat order in a 2-player game (who moves first) goes to the player who has moved first less
often, then to the one who did not move first last time, then to the higher ranked.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from bot.play.leagues.boards import Board, met

Pairing = list[tuple[int, ...]]
#: Search steps before the Swiss search gives up on avoiding every rematch.
SEARCH_BUDGET = 50_000


class Seating:
    """How often each player held each seat, from the boards before (for fair seat order)."""

    def __init__(self, boards: Sequence[Board]) -> None:
        self.held: Counter[tuple[int, int]] = Counter()
        self.last_first: dict[int, bool] = {}
        for board in sorted(boards, key=lambda b: b.round):
            if board.bye:
                continue
            for seat, player in enumerate(board.players):
                self.held[player, seat] += 1
                self.last_first[player] = seat == 0

    def due(self, player: int) -> int:
        """Positive: moved first more often than second; negative: less."""
        return self.held[player, 0] - self.held[player, 1]

    def pair(self, higher: int, lower: int) -> tuple[int, int]:
        """The two in seat order: first the one who moved first less often."""

        def owed(p: int) -> tuple[int, bool]:
            return (self.held[p, 0] - self.held[p, 1], self.last_first.get(p, False))

        return (lower, higher) if owed(lower) < owed(higher) else (higher, lower)

    def table(self, players: Sequence[int]) -> tuple[int, ...]:
        """A table's seat order that gives each player the seats they held least."""
        if len(players) <= 5:
            orders = itertools.permutations(players)
            return min(orders, key=lambda o: sum(self.held[p, s] for s, p in enumerate(o)))
        free = list(range(len(players)))
        seated: dict[int, int] = {}
        for player in players:
            seat = min(free, key=lambda s: self.held[player, s])
            free.remove(seat)
            seated[seat] = player
        return tuple(seated[s] for s in sorted(seated))


def swiss(
    ranked: Sequence[int], points: dict[int, float], boards: Sequence[Board]
) -> tuple[Pairing, int | None]:
    """The next Swiss round: pairs in seat order, best first, and who has the bye (or None).
    ``ranked``: the players still in, best first (by points, then tie-breaks)."""
    played = met(boards)
    had_bye = {b.players[0] for b in boards if b.bye}
    seating = Seating(boards)
    order = list(ranked)
    candidates: list[int | None] = [None]
    if len(order) % 2:
        bottom = order[::-1]
        candidates = [p for p in bottom if p not in had_bye] or bottom  # type: ignore[assignment]
    for repeats in (False, True):
        for bye in candidates:
            rest = [p for p in order if p != bye]
            pairs = _search(rest, points, played, repeats, seating.due)
            if pairs is not None:
                return [seating.pair(a, b) for a, b in pairs], bye
    raise AssertionError("a pairing with rematches allowed always exists")


def _search(
    rest: list[int],
    points: dict[int, float],
    played: set[frozenset[int]],
    repeats: bool,
    due: Callable[[int], int],
) -> list[tuple[int, int]] | None:
    """Pair ``rest`` (best first) top down: each player with the best fitting opponent left
    (the nearest score, then one owed the other seat, then the Dutch fold), backtracking
    when someone is left without one. None when no pairing exists without a rematch (or the
    search ran out of steps); with ``repeats``, rematches are allowed, fewest first, and the
    first try always succeeds."""
    ordered = sorted(rest, key=lambda p: -points[p])  # stable: rank within equal points
    rank = {p: i for i, p in enumerate(ordered)}

    def options(free: list[int]) -> Iterator[int]:
        """``free[0]``'s opponents, best first, made as the search asks for them: its own
        score group outward from the middle (the Dutch fold: the top of a group meets the
        middle of it), those not owed the same seat first; then the groups below, nearest
        first; with ``repeats``, then everyone already met, in the same order."""
        top, others = free[0], free[1:]
        group = next((i for i, q in enumerate(others) if points[q] != points[top]), len(others))
        middle = group // 2
        outward = [middle] + [
            i for d in range(1, group) for i in (middle - d, middle + d) if 0 <= i < group
        ]
        clash = due(top)

        def in_order() -> Iterator[int]:
            yield from (others[i] for i in outward if clash * due(others[i]) <= 0)
            yield from (others[i] for i in outward if clash * due(others[i]) > 0)
            yield from others[group:]

        yield from (q for q in in_order() if frozenset((top, q)) not in played)
        if repeats:
            yield from (q for q in in_order() if frozenset((top, q)) in played)

    free = list(ordered)
    chosen: list[tuple[int, int]] = []
    stack: list[Iterator[int]] = []
    steps = 0
    while free:
        if len(stack) == len(chosen):
            stack.append(options(free))
        partner = next(stack[-1], None)
        if partner is None:
            stack.pop()
            if not chosen:
                return None
            a, b = chosen.pop()
            free = sorted([*free, a, b], key=rank.__getitem__)
            continue
        steps += 1
        if steps > SEARCH_BUDGET and not repeats:
            return None
        chosen.append((free[0], partner))
        free = [p for p in free[1:] if p != partner]
    return chosen


def round_robin(players: Sequence[int], round_no: int) -> tuple[Pairing, int | None]:
    """Round ``round_no`` (from 1) of the circle method over ``players`` (in sign-up order):
    every pair meets once over ``rounds_of_robin`` rounds, seat order alternating."""
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    r = (round_no - 1) % (n - 1)
    turned = [circle[0], *(circle[1:][-r:] + circle[1:][:-r] if r else circle[1:])]
    pairs: Pairing = []
    bye = None
    for i in range(n // 2):
        a, b = turned[i], turned[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        pairs.append((a, b) if (round_no + i) % 2 else (b, a))
    return pairs, bye


def rounds_of_robin(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def table_sizes(count: int, seats: int) -> list[int]:
    """Tables for ``count`` players at most ``seats`` each, as even as they can be."""
    tables = math.ceil(count / seats)
    small, extra = divmod(count, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def tables(
    players: Sequence[int], seats: int, boards: Sequence[Board], seed: int, tries: int = 40
) -> Pairing:
    """The next round at tables of ``seats`` (fewer at some if the count does not divide):
    the seating with the fewest meetings again among ``tries`` seeded greedy fills, then each
    table's seat order balanced."""
    meetings: Counter[frozenset[int]] = Counter()
    for board in boards:
        for i, a in enumerate(board.players):
            meetings.update(frozenset((a, b)) for b in board.players[i + 1 :])
    sizes = table_sizes(len(players), seats)
    rng = random.Random(seed)
    best: list[list[int]] = []
    best_cost = math.inf
    for _ in range(tries):
        order = list(players)
        rng.shuffle(order)
        filled: list[list[int]] = [[] for _ in sizes]
        cost = 0
        for player in order:
            room = [t for t in range(len(sizes)) if len(filled[t]) < sizes[t]]
            added = {t: sum(meetings[frozenset((player, o))] for o in filled[t]) for t in room}
            table = min(room, key=lambda t: (added[t], len(filled[t])))
            cost += added[table]
            filled[table].append(player)
        cost -= untangle(filled, meetings)
        if cost < best_cost:
            best, best_cost = filled, cost
        if cost == 0:
            break
    seating = Seating(boards)
    return [seating.table(sorted(t)) for t in best]


def untangle(filled: list[list[int]], meetings: Counter[frozenset[int]]) -> int:
    """Swap players between tables while a swap lowers the meetings again (a local search
    after the greedy fill, which the last players to sit have little choice in); how much
    it lowered them."""

    def met_at(player: int, table: list[int]) -> int:
        return sum(meetings[frozenset((player, o))] for o in table if o != player)

    saved = 0
    for _ in range(20):
        swapped = False
        for t, table in enumerate(filled):
            for a in list(table):
                here = met_at(a, table)
                if not here:
                    continue
                for other in filled[t + 1 :]:
                    for b in list(other):
                        gain = (
                            here
                            + met_at(b, other)
                            - (
                                met_at(a, other)
                                - meetings[frozenset((a, b))]
                                + met_at(b, table)
                                - meetings[frozenset((a, b))]
                            )
                        )
                        if gain > 0:
                            table[table.index(a)], other[other.index(b)] = b, a
                            saved, swapped = saved + gain, True
                            break
                    if a not in table:
                        break
        if not swapped:
            break
    return saved


def bracket(seeded: Sequence[int]) -> Pairing:
    """Round one of a single elimination: seeds placed the standard way (1 meets the last,
    and 1 and 2 can meet only in the final), byes (boards of one) to the top seeds."""
    size = 1
    while size < len(seeded):
        size *= 2
    slots = [1]
    while len(slots) < size:
        slots = [s for seed in slots for s in (seed, 2 * len(slots) + 1 - seed)]
    boards: Pairing = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        there = [seeded[s - 1] for s in (a, b) if s <= len(seeded)]
        boards.append(tuple(there))
    return boards


def knockout_rounds(count: int) -> int:
    return max(1, math.ceil(math.log2(count))) if count > 1 else 1


def advance(last: Sequence[Board], seed_of: dict[int, int], seating: Seating) -> Pairing:
    """The next elimination round: the winners of boards 1 and 2 meet, of 3 and 4, and so on
    (a draw goes to the higher seed, the player who signed up earlier)."""
    through = [winner(board, seed_of) for board in last]
    pairs = zip(through[::2], through[1::2], strict=True)
    return [seating.pair(*sorted(pair, key=seed_of.__getitem__)) for pair in pairs]


def winner(board: Board, seed_of: dict[int, int]) -> int:
    """Who goes through from a finished elimination board."""
    won = [p for p in board.players if board.winners and p in board.winners]
    if len(won) == 1:
        return won[0]
    return min(board.players, key=seed_of.__getitem__)

"""A league's standings: points, then the tie-breaks of its format, as a pure function of its
boards. Not the ratings (:mod:`bot.play.standings`): a league table counts this league only.

- Swiss: Buchholz (the sum of the opponents' points; a bye adds nothing), then
  Sonneborn-Berger (the sum of each result times that opponent's points).
- Round robin and tables: Sonneborn-Berger (at a table, a board's points times the mean points
  of the others there), then head-to-head among the players still tied.
- Elimination: the round a player reached, then points.

A player who left keeps the points they scored and plays no more.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.play.leagues.boards import Board
from bot.play.leagues.pairing import winner
from games.core.words import N_, t

Keyer = Callable[[int], tuple[float, float, float]]

Format = Literal["swiss", "robin", "knockout"]

#: Each format's tie-breaks, in words and as the table's column headings.
TIE_BREAKS: dict[Format, tuple[tuple[str, str], tuple[str, str]]] = {
    "swiss": ((N_("Buchholz"), N_("BH")), (N_("Sonneborn-Berger"), N_("SB"))),
    "robin": ((N_("Sonneborn-Berger"), N_("SB")), (N_("head-to-head"), N_("H2H"))),
    "knockout": ((N_("rounds won"), N_("Won")), (N_("points"), N_("Pts"))),
}
#: What draws the next round, by format (and, for a round robin, by table size).
NEXT_ROUND = {
    "swiss": N_(
        "Round {next} of {rounds} pairs players on equal points, with no rematch while one can "
        "be avoided once every game of this round is over. {ties}"
    ),
    "knockout": N_(
        "Round {next} of {rounds} pairs the winners of this round once every game of this "
        "round is over. {ties}"
    ),
    "pairs": N_(
        "Round {next} of {rounds} is fixed by the round robin: everyone meets everyone once "
        "once every game of this round is over. {ties}"
    ),
    "tables": N_(
        "Round {next} of {rounds} seats tables of {seats}, mixing who meets whom and rotating "
        "seats once every game of this round is over. {ties}"
    ),
}


def deciding(fmt: Format, round_no: int, rounds: int, seats: int = 2) -> str:
    """The line under the table: what decides the next round, and how ties are broken."""
    (first, _), (second, _) = TIE_BREAKS[fmt]
    ties = t(
        "Ties are broken by {first}, then {second}, then sign-up order.",
        first=t(first),
        second=t(second),
    )
    if round_no >= rounds:
        return t(
            "The last round is drawn: the table is final when its games end. {ties}", ties=ties
        )
    if fmt == "knockout":
        ties = t("Places go by rounds won, then points.")
    kind = fmt if fmt != "robin" else "pairs" if seats == 2 else "tables"
    return t(NEXT_ROUND[kind], next=round_no + 1, rounds=rounds, seats=seats, ties=ties)


@dataclass(frozen=True)
class Line:
    """One row of the table. ``rank`` is shared by players tied on every count."""

    rank: int
    player: int
    points: float
    breaks: tuple[float, float]
    played: int
    left: int  # games still to play (this round's unfinished one included)


def points_of(players: Sequence[int], boards: Sequence[Board]) -> dict[int, float]:
    points = dict.fromkeys(players, 0.0)
    for board in boards:
        for p in board.players:
            points[p] = points.get(p, 0.0) + board.points(p)
    return points


def standings(
    fmt: Format,
    players: Sequence[int],
    boards: Sequence[Board],
    rounds: int,
    gone: frozenset[int] = frozenset(),
) -> list[Line]:
    """The table: ``players`` in sign-up order (the last tie-break), ``rounds`` planned,
    ``gone`` the players who left."""
    points = points_of(players, boards)
    finished = [b for b in boards if b.over]
    first = _first_break(fmt, players, finished, points)
    if fmt == "knockout":
        first = _wins(players, finished)
    second = _second_break(fmt, players, finished, points)
    played = {p: sum(1 for b in finished if p in b.players) for p in players}
    signed = {p: i for i, p in enumerate(players)}
    out = _knocked_out(fmt, finished, signed)

    key: Keyer
    if fmt == "robin":
        key = _with_head_to_head(players, finished, points, first)
    elif fmt == "knockout":
        key = lambda p: (-first[p], -points[p], 0.0)  # noqa: E731
    else:
        key = lambda p: (-points[p], -first[p], -second[p])  # noqa: E731
    order = sorted(players, key=lambda p: (key(p), signed[p]))
    lines: list[Line] = []
    for i, p in enumerate(order):
        rank = lines[-1].rank if lines and key(order[i - 1]) == key(p) else i + 1
        left = 0 if p in gone or p in out else max(0, rounds - played[p])
        lines.append(Line(rank, p, points[p], (first[p], second[p]), played[p], left))
    return lines


def _first_break(
    fmt: Format, players: Sequence[int], boards: Sequence[Board], points: dict[int, float]
) -> dict[int, float]:
    if fmt == "swiss":
        return {
            p: sum(points[o] for b in boards if p in b.players for o in b.opponents(p))
            for p in players
        }
    return _sonneborn_berger(players, boards, points)


def _second_break(
    fmt: Format, players: Sequence[int], boards: Sequence[Board], points: dict[int, float]
) -> dict[int, float]:
    if fmt == "swiss":
        return _sonneborn_berger(players, boards, points)
    return points_of(players, boards) if fmt == "knockout" else dict.fromkeys(players, 0.0)


def _sonneborn_berger(
    players: Sequence[int], boards: Sequence[Board], points: dict[int, float]
) -> dict[int, float]:
    """Each result times that opponent's points; at a table, the board's points times the
    mean of the others' points (the same thing when there is one other)."""
    sb: dict[int, float] = defaultdict(float)
    for board in boards:
        if board.bye:
            continue
        for p in board.players:
            others = board.opponents(p)
            sb[p] += board.points(p) * sum(points[o] for o in others) / len(others)
    return {p: sb[p] for p in players}


def _wins(players: Sequence[int], boards: Sequence[Board]) -> dict[int, float]:
    """The elimination rounds each player came through (a bye counts)."""
    seed_of = {p: i for i, p in enumerate(players)}
    wins = dict.fromkeys(players, 0.0)
    for board in boards:
        wins[winner(board, seed_of)] += 1
    return wins


def _knocked_out(fmt: Format, boards: Sequence[Board], seed_of: dict[int, int]) -> set[int]:
    """Who lost a board of a single elimination (and so plays no more)."""
    if fmt != "knockout":
        return set()
    return {p for b in boards for p in b.players if p != winner(b, seed_of)}


def _with_head_to_head(
    players: Sequence[int],
    boards: Sequence[Board],
    points: dict[int, float],
    first: dict[int, float],
) -> Keyer:
    """The round robin key: points, Sonneborn-Berger, then the points scored against the
    others tied on both (each result against them, summed)."""
    tied: dict[tuple[float, float], set[int]] = defaultdict(set)
    for p in players:
        tied[points[p], first[p]].add(p)
    h2h: dict[int, float] = {}
    for p in players:
        group = tied[points[p], first[p]] - {p}
        h2h[p] = sum(
            b.against(p, o)
            for b in boards
            if not b.bye and p in b.players
            for o in group
            if o in b.players
        )

    def key(p: int) -> tuple[float, float, float]:
        return (-points[p], -first[p], -h2h[p])

    return key

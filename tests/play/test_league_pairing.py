"""League pairing and standings, pure: legal rounds, no rematch while one can be avoided, byes
fair, seats balanced, and the table equal to a recomputation written out longhand."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from bot.play.leagues.boards import Board, met
from bot.play.leagues.pairing import (
    bracket,
    round_robin,
    rounds_of_robin,
    swiss,
    table_sizes,
    tables,
)
from bot.play.leagues.table import points_of, standings


def play(rng: random.Random, round_no: int, players: tuple[int, ...]) -> Board:
    """A result at random: a win for one, or a draw (a bye is a bye)."""
    if len(players) == 1:
        return Board(round_no, players)
    roll = rng.random()
    winners = frozenset() if roll < 0.15 else frozenset([rng.choice(players)])
    return Board(round_no, players, winners)


def swiss_league(count: int, rounds: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    boards: list[Board] = []
    for r in range(1, rounds + 1):
        ranked = [line.player for line in standings("swiss", players, boards, rounds)]
        pairs, bye = swiss(ranked, points_of(players, boards), boards)
        seen = [p for pair in pairs for p in pair] + ([bye] if bye else [])
        assert sorted(seen) == players  # everyone once: a legal round
        assert not {frozenset(p) for p in pairs} & met(boards)  # no rematch
        boards += [play(rng, r, pair) for pair in pairs]
        if bye:
            boards.append(Board(r, (bye,)))
    return boards


@pytest.mark.parametrize("count", [32, 33])
def test_swiss_32_players_5_rounds_legal_without_rematches(count: int) -> None:
    for seed in range(3):
        boards = swiss_league(count, 5, seed)
        byes = [b.players[0] for b in boards if b.bye]
        assert len(byes) == len(set(byes)) == (5 if count % 2 else 0)  # nobody twice
        firsts = Counter(b.players[0] for b in boards if not b.bye)
        seconds = Counter(b.players[1] for b in boards if not b.bye)
        most = 1 if count % 2 == 0 else 2  # a bye leaves four games: 3 and 1 at worst
        assert all(abs(firsts[p] - seconds[p]) <= most for p in range(1, count + 1))


def test_swiss_pairs_by_score_and_gives_the_bye_to_the_lowest() -> None:
    """Round two: winners meet winners, and the bye goes to the bottom player who had none."""
    boards = [Board(1, (1, 2), frozenset({1})), Board(1, (3, 4), frozenset({3})), Board(1, (5,))]
    players = [1, 2, 3, 4, 5]
    ranked = [line.player for line in standings("swiss", players, boards, 3)]
    pairs, bye = swiss(ranked, points_of(players, boards), boards)
    assert bye in (2, 4)
    assert {frozenset(p) for p in pairs} >= {frozenset((1, 3))} or 5 in {
        p for q in pairs for p in q
    }


def test_swiss_avoids_a_rematch_a_greedy_pairing_would_force() -> None:
    """Four players where pairing the top two leaves the bottom two, who have met: the search
    backs up and finds the rematch-free pairing instead."""
    boards = [
        Board(1, (1, 2), frozenset({1})),
        Board(1, (3, 4), frozenset({3})),
        Board(2, (1, 4), frozenset({1})),
        Board(2, (3, 2), frozenset({3})),
    ]
    pairs, bye = swiss([1, 3, 2, 4], points_of([1, 2, 3, 4], boards), boards)
    assert bye is None
    assert {frozenset(p) for p in pairs} == {frozenset((1, 3)), frozenset((2, 4))}


def test_swiss_rematches_only_when_unavoidable() -> None:
    """Three rounds among four players exhaust every pairing: the fourth must repeat one."""
    boards = [
        Board(r, p, frozenset({p[0]}))
        for r, ps in enumerate([[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]], 1)
        for p in ps
    ]
    pairs, _ = swiss([1, 2, 3, 4], points_of([1, 2, 3, 4], boards), boards)
    assert sorted(p for pair in pairs for p in pair) == [1, 2, 3, 4]


@pytest.mark.parametrize("count", [6, 7])
def test_round_robin_every_pair_once(count: int) -> None:
    players = list(range(10, 10 + count))
    pairs_seen: list[frozenset[int]] = []
    for r in range(1, rounds_of_robin(count) + 1):
        pairs, bye = round_robin(players, r)
        assert (bye is None) == (count % 2 == 0)
        pairs_seen += [frozenset(p) for p in pairs]
    assert sorted(pairs_seen, key=sorted) == sorted(
        (frozenset(p) for p in combinations(players, 2)), key=sorted
    )


def test_tables_20_players_in_fours_meet_few_again_and_balance_seats() -> None:
    players = list(range(1, 21))
    boards: list[Board] = []
    for r in range(1, 6):
        round_tables = tables(players, 4, boards, seed=r)
        assert sorted(p for t in round_tables for p in t) == players
        assert [len(t) for t in round_tables] == [4] * 5
        boards += [Board(r, t, frozenset({t[0]})) for t in round_tables]
    meetings = Counter(frozenset(pair) for b in boards for pair in combinations(b.players, 2))
    assert max(meetings.values()) <= 2
    assert sum(1 for m in meetings.values() if m > 1) <= 3  # of 150 meetings
    held = Counter((p, s) for b in boards for s, p in enumerate(b.players))
    assert all(held[p, s] <= 2 for p in players for s in range(4))  # 5 games, 4 seats


def test_table_sizes_are_even() -> None:
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(20, 4) == [4] * 5


def test_bracket_gives_byes_to_the_top_seeds() -> None:
    assert bracket([1, 2, 3, 4, 5, 6]) == [(1,), (4, 5), (2,), (3, 6)]


def longhand(players: list[int], boards: list[Board]) -> dict[int, tuple[float, float, float]]:
    """Points, Buchholz and Sonneborn-Berger of a 2-player Swiss, from the results alone."""
    pts = {p: 0.0 for p in players}
    for b in boards:
        if len(b.players) == 1:
            pts[b.players[0]] += 1
        elif not b.winners:
            for p in b.players:
                pts[p] += 0.5
        else:
            pts[next(iter(b.winners))] += 1
    out = {}
    for p in players:
        buchholz = sonneborn = 0.0
        for b in boards:
            if p in b.players and len(b.players) == 2:
                other = b.players[1] if b.players[0] == p else b.players[0]
                buchholz += pts[other]
                result = 0.5 if not b.winners else float(p in b.winners)
                sonneborn += result * pts[other]
        out[p] = (pts[p], buchholz, sonneborn)
    return out


def test_standings_equal_a_longhand_recomputation() -> None:
    boards = swiss_league(32, 5, seed=7)
    players = list(range(1, 33))
    table = standings("swiss", players, boards, 5)
    expected = longhand(players, boards)
    for line in table:
        assert (line.points, *line.breaks) == pytest.approx(expected[line.player])
        assert line.left == 0
    keys = [expected[line.player] for line in table]
    assert keys == sorted(keys, reverse=True)


def rematch_free_exists(players: list[int], played: set[frozenset[int]]) -> bool:
    """Brute force: can ``players`` (an even count) all be paired without a rematch?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, q)) not in played
        and rematch_free_exists([p for p in rest if p != q], played)
        for q in rest
    )


def test_swiss_rematches_only_where_brute_force_finds_no_way_around() -> None:
    """Small fields played long, where Swiss runs out of new opponents: each rematch the
    pairing makes is one that no pairing of that round (byes to those without one) avoids."""
    for count in (4, 6, 7, 8):
        for seed in range(4):
            rng = random.Random(seed)
            players = list(range(1, count + 1))
            boards: list[Board] = []
            for r in range(1, count):
                ranked = [line.player for line in standings("swiss", players, boards, count)]
                pairs, bye = swiss(ranked, points_of(players, boards), boards)
                if {frozenset(p) for p in pairs} & met(boards):
                    had = {b.players[0] for b in boards if b.bye}
                    byes = [p for p in players if p not in had] if count % 2 else [None]
                    assert not any(
                        rematch_free_exists([p for p in players if p != b], met(boards))
                        for b in byes
                    ), (count, seed, r)
                boards += [play(rng, r, pair) for pair in pairs]
                if bye is not None:
                    boards.append(Board(r, (bye,)))

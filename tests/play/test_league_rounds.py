"""The next round of a league as the runner draws it: a player who left gets no new game (a
Swiss round leaves them out; a fixed round-robin or bracket opponent of theirs has a bye), and
the planned rounds follow the format."""

from __future__ import annotations

from bot.play.leagues.rounds import LeagueView, draw
from bot.storage.leagues import LeagueBoard, LeagueDraft, LeagueFormat, LeagueRecord


def view(fmt: LeagueFormat, players: list[int], boards: list[LeagueBoard], gone=()) -> LeagueView:
    draft = LeagueDraft(1, 2, 3, "Test", "cardinal", {}, 86400, "autopilot", fmt, 3, 2, 0.0, True)
    played = max((b.round for b in boards), default=0)
    league = LeagueRecord(1, draft, 10, 11, played, played, "playing")
    return LeagueView(league, players, frozenset(gone), boards)


def won(round_no: int, board: int, players: tuple[int, ...], winner: int) -> LeagueBoard:
    return LeagueBoard(board, round_no, board, players, board, "over", frozenset({winner}))


def test_swiss_leaves_out_a_player_who_left() -> None:
    boards = [won(1, 0, (1, 2), 1), won(1, 1, (3, 4), 3)]
    drawn, rounds = draw(view("swiss", [1, 2, 3, 4], boards, gone={4}))
    assert rounds == 3
    assert sorted(p for b in drawn for p in b) == [1, 2, 3]
    assert [b for b in drawn if len(b) == 1] == [(2,)]  # the lowest without a bye


def test_a_knockout_winner_who_left_gives_the_next_opponent_a_walkover() -> None:
    boards = [won(1, 0, (1, 4), 4), won(1, 1, (2, 3), 2)]
    drawn, _ = draw(view("knockout", [1, 2, 3, 4], boards, gone={4}))
    assert drawn == [(2,)]


def test_a_round_robin_opponent_who_left_is_a_bye() -> None:
    drawn, rounds = draw(view("robin", [1, 2, 3, 4], [], gone={2}))
    assert rounds == 3
    assert all(2 not in b for b in drawn) and sorted(p for b in drawn for p in b) == [1, 3, 4]

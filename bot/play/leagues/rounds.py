"""A league run on the store, one idempotent step at a time (:meth:`LeagueRounds.step`, on
every tick): when sign-up ends, the first round is drawn; each board's game is made and
started; when every game of a round is over, the next round is drawn, or the league ends.

Every step is safe to repeat and to cut short. A round is written with its boards in one
transaction that moves the league on only from the round read, so two processes, or a
restart half-way, never draw a round twice. A board's game is linked in the transaction
that makes it, and started (a version-checked commit) by whichever step finds it still
waiting. Games open in their own threads through the scheduler's opener, like any other.

A league needs a move clock, and its absent policy is the autopilot or a forfeit (never
waiting): so every game ends, and no round waits forever on a player who walked away.
"""

from __future__ import annotations

import contextlib
import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from bot.play.leagues.boards import Board
from bot.play.leagues.pairing import (
    Pairing,
    Seating,
    advance,
    bracket,
    knockout_rounds,
    round_robin,
    rounds_of_robin,
    swiss,
    tables,
)
from bot.play.leagues.table import Line, points_of, standings
from bot.play.service import GameService, UserError
from bot.storage import Store
from bot.storage.leagues import LeagueBoard, LeagueRecord
from games import REGISTRY


@dataclass(frozen=True)
class LeagueView:
    """A league as its table and posts need it."""

    league: LeagueRecord
    players: list[int]  # sign-up order
    gone: frozenset[int]
    boards: list[LeagueBoard]

    @property
    def results(self) -> list[Board]:
        return [as_board(b) for b in self.boards]

    def table(self) -> list[Line]:
        rounds = self.league.draft.rounds or self.league.round
        return standings(self.league.draft.format, self.players, self.results, rounds, self.gone)


def as_board(board: LeagueBoard) -> Board:
    return Board(board.round, board.players, board.winners)


def is_over(board: LeagueBoard) -> bool:
    return len(board.players) == 1 or board.status in ("over", "cancelled")


def too_few(count: int, seats: int, least: int) -> bool:
    """Too few players to play: fewer than two, or than the game's least at a board."""
    return count < max(2, least if seats > 2 else 2)


def draw(view: LeagueView) -> tuple[Pairing, int]:
    """The boards of the next round (a board of one: a bye) and the rounds planned."""
    league, round_no = view.league.draft, view.league.round + 1
    playing = [p for p in view.players if p not in view.gone]
    results = view.results
    if league.format == "swiss":
        ranked = [line.player for line in view.table() if line.player not in view.gone]
        pairs, bye = swiss(ranked, points_of(view.players, results), results)
        return [*pairs, *([(bye,)] if bye is not None else [])], league.rounds
    if league.format == "knockout":
        if round_no == 1:
            return bracket(playing), knockout_rounds(len(playing))
        seed_of = {p: i for i, p in enumerate(view.players)}
        last = [b for b in results if b.round == view.league.round]
        boards = advance(last, seed_of, Seating(results))
        return [walkover(b, view.gone) for b in boards], league.rounds
    if league.seats == 2:
        pairs, bye = round_robin(view.players, round_no)  # the circle of everyone signed
        boards = [walkover(p, view.gone) for p in pairs] + ([(bye,)] if bye is not None else [])
        return [b for b in boards if b and b[0] not in view.gone], rounds_of_robin(
            len(view.players)
        )
    planned = league.rounds or math.ceil((len(playing) - 1) / (league.seats - 1))
    return tables(playing, league.seats, results, seed=view.league.id * 1000 + round_no), planned


def walkover(board: tuple[int, ...], gone: frozenset[int]) -> tuple[int, ...]:
    """A board without the players who left: alone, the other has a bye."""
    staying = tuple(p for p in board if p not in gone)
    return staying if staying else board[:1]


class LeagueRounds:
    def __init__(self, store: Store, service: GameService) -> None:
        self.store = store
        self.service = service

    async def view(self, league: LeagueRecord) -> LeagueView:
        players = await self.store.league_players(league.id)
        return LeagueView(
            league,
            [p.user_id for p in players],
            frozenset(p.user_id for p in players if p.gone),
            await self.store.league_boards(league.id),
        )

    async def step(self, league_id: int, now: float) -> LeagueRecord | None:
        """Do what is due in the league at ``now``; the league as it then is."""
        league = await self.store.league(league_id)
        if league is None or league.thread_id is None:
            return league
        spec_least = REGISTRY[league.draft.game_key].min_players
        if league.status == "signup" and now >= league.draft.signup_until:
            view = await self.view(league)
            if too_few(len(view.players), league.draft.seats, spec_least):
                await self.store.end_league(league.id, 0, "cancelled")
            else:
                boards, rounds = draw(view)
                await self.store.draw_round(league.id, 0, boards, rounds)
            league = await self.store.league(league_id)
        while league is not None and league.status == "playing":
            view = await self.view(league)
            await self._play(league, view)
            current = [b for b in view.boards if b.round == league.round]
            if not all(is_over(b) for b in await self._fresh(league, current)):
                break
            view = await self.view(league)
            through = {b.players[0] for b in current if len(b.players) == 1} | {
                p for b in current for p in (b.winners or ())
            }
            staying = len(view.players) - len(view.gone)
            if (
                league.round >= league.draft.rounds
                or too_few(staying, league.draft.seats, spec_least)
                or (league.draft.format == "knockout" and len(current) <= 1 and through)
            ):
                await self.store.end_league(league.id, league.round, "over")
            else:
                boards, _ = draw(view)
                await self.store.draw_round(league.id, league.round, boards)
            league = await self.store.league(league_id)
        return league

    async def _fresh(
        self, league: LeagueRecord, current: Sequence[LeagueBoard]
    ) -> list[LeagueBoard]:
        """The round's boards read again (after their games were started)."""
        ids = {b.id for b in current}
        return [b for b in await self.store.league_boards(league.id) if b.id in ids]

    async def _play(self, league: LeagueRecord, view: LeagueView) -> None:
        """Make and start the games of the boards that wait for one; hand the seats of the
        players who left to the autopilot."""
        for board in view.boards:
            if len(board.players) == 1:
                continue
            game_id = board.game_id
            if game_id is None:
                game_id = await self.store.open_league_game(
                    board.id,
                    secrets.randbits(62),
                    league.draft.organiser_id,
                    league.draft.channel_id,
                )
                if game_id is None:
                    continue  # another process made it
            if board.status in (None, "lobby"):
                game = await self.service.game(game_id)
                if game.status == "lobby":
                    with contextlib.suppress(UserError):  # another process started it
                        await self.service.start(game, None)
            if board.status == "active" and view.gone & set(board.players):
                game = await self.service.game(game_id)
                for user in view.gone & set(board.players):
                    await self.service.stand_down(game, user)
                    game = await self.service.game(game_id)

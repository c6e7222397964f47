"""What finished games add up to on a server: each game settled once into the
ratings, a player's record, and the leaderboard of a game.

A game is settled when its final post goes out (and again at start-up, for one finished just
before a crash): it notes how the game was decided (``forfeit`` when a forfeit ended it,
``autopilot`` when the autopilot played a seat, else None) and, unless the server leaves such
games out, moves every player's openskill rating (:mod:`bot.play.ratings`). The store writes
both at once and only for a game not yet settled, so a game never counts twice.

A game against the AI (:attr:`GameRecord.against_ai`) is never rated, as chess sites do not
rate games against the computer: a takeback there needs nobody's approval, so its wins could
be farmed. A player's record counts such games apart.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.play.history import walk
from bot.play.ratings import Shown, Skill, moves_of, rate, shown
from bot.storage import GameRecord, LogEntry, Rating, Store
from games import REGISTRY, GameSpec


def forced_by(spec: GameSpec[Any], game: GameRecord, log: Sequence[LogEntry]) -> str | None:
    """How a finished game was decided: ``forfeit`` (a resignation, a kick or a clock ended it
    before its rules did), ``autopilot`` (the autopilot played a seat: a player who left, or a
    clock run out), or None (played out by its players, AI seats included; an optional
    interrupt answered by its default when nobody answered does not count)."""
    state = spec.load(game.state or "")
    if spec.outcome(state) is None:
        return "forfeit"
    if any(seat.resigned for seat in game.seats):
        return "autopilot"
    ai_seats = {seat.seat for seat in game.seats if seat.is_ai}
    bot_played = {
        entry.version for entry in log if entry.user_id is None and entry.seat not in ai_seats
    }
    if not bot_played:
        return None
    for step in walk(spec, game, [(entry.seat, entry.action) for entry in log]):
        if (
            step.version in bot_played
            and step.undo_of is None
            and spec.default_action(step.before, step.seat) != step.action
        ):
            return "autopilot"
    return None


def new_ratings(spec: GameSpec[Any], game: GameRecord, current: dict[int, Rating]) -> list[Rating]:
    """Every player's rating after ``game`` (between people only), from their ``current``
    ones."""
    state = spec.load(game.state or "")
    users = [game.user_of(seat) for seat in range(len(game.seats))]
    skills = [Skill(current[u].mu, current[u].sigma) if u in current else Skill() for u in users]
    result = game.result or {}
    rated = rate(skills, spec.sides(state), list(result.get("winners", [])))
    return [
        Rating(u, s.mu, s.sigma, (current[u].games if u in current else 0) + 1)
        for u, s in zip(users, rated, strict=True)
    ]


def seen(rating: Rating | None) -> Shown:
    """The rating a player sees (a newcomer's is the starting one, provisional)."""
    if rating is None:
        return shown(Skill(), 0)
    return shown(Skill(rating.mu, rating.sigma), rating.games)


def move_of(user_id: int, before: Rating | None, after: Rating) -> list[float]:
    """What a settled result keeps of one player's rating move: the model's numbers before
    and after (``user, mu, sigma, games, mu, sigma, games``), so the display is computed when
    read and a change of the display scale needs no migration."""
    was = before or Rating(user_id, Skill().mu, Skill().sigma, 0)
    return [user_id, was.mu, was.sigma, was.games, after.mu, after.sigma, after.games]


def rating_path(user_id: int, games: Sequence[GameRecord]) -> list[Shown]:
    """A player's shown rating after each rated game among ``games`` (finished games of one
    game on one server, newest first as the store lists them), oldest first."""
    path: list[Shown] = []
    for game in reversed(games):
        result = game.result or {}
        if result.get("rated"):
            path += [m.after for m in moves_of(result) if m.user_id == user_id]
    return path


async def season_ratings(store: Store, guild_id: int, season: str, key: str) -> list[Rating]:
    """A season's leaderboard of one game: ratings played over from the start, from the
    rated games of that season's rated leagues alone (in the order they ended), ranked as the
    server's leaderboard is."""
    current: dict[int, Rating] = {}
    for game_id in await store.season_games(guild_id, season):
        game = await store.game(game_id)
        if game is None or game.game_key != key or not (game.result or {}).get("rated"):
            continue
        current.update((r.user_id, r) for r in new_ratings(REGISTRY[key], game, current))
    return sorted(current.values(), key=lambda r: (-(r.mu - 3 * r.sigma), -r.games, r.user_id))


class Standings:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = asyncio.Lock()  # settles read and write ratings: one at a time

    async def settle(self, game_id: int) -> None:
        """Settle a finished game into the ratings, once (nothing for any other game), noting
        in its result how each player's rating moved, for the final post to tell."""
        async with self._lock:
            game = await self.store.game(game_id)
            if game is None or game.status != "over" or game.result is None:
                return
            if "rated" in game.result:
                return
            spec = REGISTRY[game.game_key]
            log = await self.store.log(game_id)
            forced = await asyncio.to_thread(forced_by, spec, game, log)
            settings = await self.store.guild_settings(game.guild_id)
            rated = (
                not game.against_ai
                and (forced is None or settings.rate_forced)
                and await self.store.league_rated(game_id)
            )
            ratings: list[Rating] = []
            moves: list[list[float]] = []
            if rated:
                rows = {
                    r.user_id: r for r in await self.store.ratings(game.guild_id, game.game_key)
                }
                ratings = new_ratings(spec, game, rows)
                moves = [move_of(r.user_id, rows.get(r.user_id), r) for r in ratings]
            await self.store.settle(game_id, forced, rated, ratings, moves)


@dataclass(frozen=True)
class Record:
    """A player's games on a server (of one game, or of all): against people, and against the
    AI apart (those are never rated), with the favourite and longest of them all."""

    played: int
    won: int
    ai_played: int
    ai_won: int
    favourite: str | None  # the game played most
    longest: GameRecord | None  # the game of most moves


def record_of(user_id: int, games: Sequence[GameRecord]) -> Record:
    """The record of ``user_id`` over finished ``games`` they sat in."""
    won = {g.id for g in games if g.seat_of(user_id) in (g.result or {}).get("winners", [])}
    vs_ai = {g.id for g in games if g.against_ai}
    counts = Counter(g.game_key for g in games)
    favourite = counts.most_common(1)[0][0] if counts else None
    longest = max(games, key=lambda g: (g.version, -g.id), default=None)
    return Record(
        len(games) - len(vs_ai), len(won - vs_ai), len(vs_ai), len(won & vs_ai), favourite, longest
    )

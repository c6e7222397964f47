"""Ratings per server and game with openskill's Plackett-Luce model, and the number players
read.

A finished game is a ranking of sides: the winners' sides first, everyone else after. A side
is a team in Tortuga (the Dutch player alone), one seat elsewhere; a shared win is a tie, a
draw ranks everyone equal.

The model stays openskill's; only its display is scaled. Players know Elo-like numbers (BGA
starts at 1500, Lichess marks a rating with '?' while it is uncertain), so a rating is shown
as ``1500 + SCALE * ordinal`` rounded to a whole number, where openskill's ordinal
(mu - 3 sigma) starts at 0. ``SCALE`` 7 makes a first win +24 and a first loss -13, and a
win between players of a few games about +20, as Elo's changes look. The display is
computed from the stored mu and sigma, so existing ratings convert without a migration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()

#: Where everyone starts (openskill's ordinal 0).
BASE = 1500
#: Display points per unit of openskill's ordinal.
SCALE = 7
#: A rating is provisional before this many rated games...
PROVISIONAL_GAMES = 5
#: ...or while the model's uncertainty is above this (it starts at 25/3, about 8.33; two
#: players reach it in about five games, a team game of eight in about a dozen).
PROVISIONAL_SIGMA = 7.5


@dataclass(frozen=True)
class Skill:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """openskill's conservative estimate (mu - 3 sigma): what the leaderboard ranks by."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Shown:
    """A rating as players read it: whole points, '?' after it while provisional."""

    points: int
    provisional: bool = False

    def __str__(self) -> str:
        return f"{self.points}{'?' if self.provisional else ''}"


def points(ordinal: float) -> int:
    """Display points for an openskill ordinal (also how ratings told before the scale was
    introduced, which stored the ordinal, are converted)."""
    return round(BASE + SCALE * ordinal)


def provisional(sigma: float, games: int) -> bool:
    """Whether a rating is still settling: too few rated games, or too uncertain."""
    return games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA


def shown(skill: Skill, games: int) -> Shown:
    """The rating players see for ``skill`` after ``games`` rated games."""
    return Shown(points(skill.ordinal), provisional(skill.sigma, games))


@dataclass(frozen=True)
class Move:
    """How one player's shown rating moved in a game."""

    user_id: int
    before: Shown
    after: Shown

    @property
    def change(self) -> int:
        return self.after.points - self.before.points


def moves_of(result: dict[str, Any]) -> list[Move]:
    """The rating moves noted in a settled game's ``result``. Games settled before the
    display scale kept only the ordinal before and after (``user, before, after``): those are
    converted to points, with no provisional mark (nothing says whether they were)."""
    told: list[Move] = []
    for move in result.get("ratings") or []:
        if len(move) == 3:
            user, before, after = move
            told.append(Move(int(user), Shown(points(before)), Shown(points(after))))
        else:
            user, mu0, sigma0, games0, mu1, sigma1, games1 = move
            was = shown(Skill(mu0, sigma0), int(games0))
            told.append(Move(int(user), was, shown(Skill(mu1, sigma1), int(games1))))
    return told


def rate(skills: list[Skill], sides: list[list[int]], winners: list[int]) -> list[Skill]:
    """New skills, one per seat, after a game whose ``sides`` (seat lists covering every
    seat once) ended with ``winners`` (seats; empty for a draw)."""
    teams = [[MODEL.create_rating([skills[s].mu, skills[s].sigma]) for s in side] for side in sides]
    ranks = [0.0 if not winners or set(side) & set(winners) else 1.0 for side in sides]
    rated = MODEL.rate(teams, ranks=ranks)
    result = list(skills)
    for side, team in zip(sides, rated, strict=True):
        for seat, rating in zip(side, team, strict=True):
            result[seat] = Skill(rating.mu, rating.sigma)
    return result

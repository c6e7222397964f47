"""Ratings per server and game with openskill's Plackett-Luce model.

A finished game is a ranking of sides: the winners' sides first, everyone else after. A side
is a team in Tortuga (the Dutch player alone), one seat elsewhere; a shared win is a tie, a
draw ranks everyone equal. The shown rating is openskill's ordinal (mu - 3 sigma): it starts
at 0 and grows as the model grows sure of a player.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> float:
        """The number players see (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


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

"""One board of a league round: who sat where, and who won. A bye is a board of one player,
who scores a win (the FIDE way). Points come from pairwise results, so one rule covers 2-player
and multi-player games: at a table of ``n``, a player scores, for each other player, 1 if
they won and the other did not, ½ if both or neither won, 0 if only the other won, the sum
divided by ``n - 1``. In a 2-player game that is 1 for a win, ½ for a draw, 0 for a loss; at a
4-player table the winner scores 1 and each of the others ⅓ (they tie among themselves)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Board:
    """``players`` in seat order; ``winners`` None while the game goes on."""

    round: int
    players: tuple[int, ...]
    winners: frozenset[int] | None = None

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        return self.bye or self.winners is not None

    def against(self, player: int, other: int) -> float:
        """``player``'s result against ``other`` at this finished board: 1, ½ or 0."""
        won = self.winners or frozenset(self.players)
        return (1.0 + (player in won) - (other in won)) / 2

    def points(self, player: int) -> float:
        """What ``player`` scored here (0 while the game goes on)."""
        if self.bye:
            return 1.0
        if self.winners is None:
            return 0.0
        others = [p for p in self.players if p != player]
        return sum(self.against(player, o) for o in others) / len(others)

    def opponents(self, player: int) -> list[int]:
        return [p for p in self.players if p != player]


def met(boards: Iterable[Board]) -> set[frozenset[int]]:
    """Every pair of players who have sat at one board."""
    pairs: set[frozenset[int]] = set()
    for board in boards:
        for i, a in enumerate(board.players):
            pairs.update(frozenset((a, b)) for b in board.players[i + 1 :])
    return pairs

"""Players for every game: ``random``, ``greedy`` and information-set Monte Carlo tree search
at three strengths (``ai:easy``, ``ai:normal``, ``ai:hard``), plus the arena that measures
them. Nothing here names a game: it all goes through the engine contract and the game's
``sample`` and ``evaluate`` hooks."""

from __future__ import annotations

from games.ai.players import (
    LEVELS,
    PLAYER_NAMES,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from games.ai.search import Budget

__all__ = [
    "LEVELS",
    "PLAYER_NAMES",
    "Budget",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "make_player",
]

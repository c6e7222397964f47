"""Ship's teaching moments for a guided first game, each following a sentence of the rulebook
(``shared/rules/ship.txt``), fired on what the learner's seat sees (nothing is hidden)."""

from __future__ import annotations

from games.core import Moment, Seen
from games.core.words import N_


def _first_turn(seen: Seen) -> bool:
    return bool(seen.view["first_turn"][seen.seat])


def _wave_in_reach(seen: Seen) -> bool:
    """A legal move or jump ends on a wave."""
    waves = {wave["square"] for wave in seen.view["waves"]}
    return any(action.split()[-1] in waves for action in seen.legal)


def _captain(seen: Seen) -> bool:
    return any(p["captain"] and p["side"] == seen.seat for p in seen.view["pieces"])


moments = (
    Moment(
        "first_move",
        _first_turn,
        N_(
            "Your goal: bring one of your Mates to the far side of the ship to become Captain, "
            "then bring the Captain back to your own back row. On your first turn you may only "
            "move one Mate one space forward into an empty space."
        ),
    ),
    Moment(
        "moves",
        lambda seen: not _first_turn(seen) and seen.can("move", "jump"),
        N_(
            "From now on a Mate moves one space to the right, to the left, or forward. A move is "
            "your whole turn."
        ),
    ),
    Moment(
        "jump",
        lambda seen: seen.can("jump"),
        N_(
            "You can jump! Jumping over a rival Mate takes it off the board, never to return. "
            "Your rival can jump yours the same way, so mind who stands next to whom."
        ),
    ),
    Moment(
        "wave",
        _wave_in_reach,
        N_(
            "You can land on a wave. Then ALL Mates on your rival's front row shift to the edge "
            "the arrow points to, and if two or more share that row, the one nearest the edge "
            "falls overboard."
        ),
    ),
    Moment(
        "captain",
        _captain,
        N_(
            "You have a Captain! It must now return to your own back row to win, and it may move "
            "and jump diagonally as well as forward, left and right."
        ),
    ),
)

"""Cardinal's teaching moments for a guided first game, each following a sentence of the
rulebook (``shared/rules/cardinal.txt``), fired on what the learner's seat sees."""

from __future__ import annotations

from games.core import Moment, Seen
from games.core.words import N_


def _last_ship(seen: Seen) -> bool:
    return seen.can("place") and seen.view["supply"][seen.seat] == 1


moments = (
    Moment(
        "goal",
        lambda seen: seen.can("place"),
        N_(
            "Your goal: have all 5 of your ships on the board at the end of your turn. Each turn "
            "you place 1 ship on any empty square: pick one in the menu under the board."
        ),
    ),
    Moment(
        "crowded",
        lambda seen: bool(seen.view["crowded"]) or seen.can("pirate"),
        N_(
            "Watch the crowds: an empty square with 4 or more ships around it (diagonals count, "
            "the pirate does not) is crowded. A new ship that is part of a crowd summons the "
            "pirate."
        ),
    ),
    Moment(
        "pirate",
        lambda seen: seen.can("pirate"),
        N_(
            "You summoned the pirate! Put it on a crowded empty square: every ship orthogonally "
            "next to it (not diagonally) goes back to its owner, so pick a square that sends home "
            "your rival's ships, not yours."
        ),
    ),
    Moment(
        "influence",
        lambda seen: seen.view["pirate"] is not None and seen.can("place"),
        N_(
            "The pirate is on the board: nobody may place a ship on a square orthogonally next to "
            "it. Those squares are missing from your menu."
        ),
    ),
    Moment(
        "last_ship",
        _last_ship,
        N_(
            "This is your last ship. You win only if all 5 are safe after the pirate's effects: "
            "if your last ship summons the pirate and it sends one home, you have not won yet."
        ),
    ),
)

"""Caribbean's teaching moments for a guided first game, each following a sentence of the
rulebook (``shared/rules/caribbean.txt``), fired on the learner's own legal actions (its bids
are its own secret, and no moment reads another seat's)."""

from __future__ import annotations

from games.core import Moment
from games.core.words import N_

moments = (
    Moment(
        "bid",
        lambda seen: seen.can("bid", "confirm"),
        N_(
            "Bribe the pirates: put six of your seven cards on the six ships; the seventh is your "
            "tie-breaker. Your bids stay secret until each ship's turn. The highest bid moves that "
            "ship as many spaces as its barrels, one fewer for each thief a rival played on it."
        ),
    ),
    Moment(
        "tiebreaker",
        lambda seen: seen.can("tiebreaker"),
        N_(
            "A tie! Face up bids your tie-breaker too (zero is more than -1), but a card revealed "
            "face up cannot break another tie this round. Face down keeps it for a later tie."
        ),
    ),
    Moment(
        "sail",
        lambda seen: seen.can("move"),
        N_(
            "You won this ship: sail it up to its allowance, around other ships. You need not use "
            "every space. Aim for a port with a chest, a ship with a chest, or your own havens."
        ),
    ),
    Moment(
        "capture",
        lambda seen: seen.can("capture"),
        N_(
            "Capture: your ship is at a harbour city with a chest. Load the chest and take 2,000 "
            "doubloons for your effort. A ship carries one chest at a time."
        ),
    ),
    Moment(
        "rob",
        lambda seen: seen.can("steal", "swap", "pass"),
        N_(
            "Next to another ship you may steal its chest, swap chests with it, or pass yours on "
            "to an empty ship: a chest passed to a ship at a safe haven is unloaded there."
        ),
    ),
    Moment(
        "deliver",
        lambda seen: seen.can("deliver"),
        N_(
            "Deliver: unload the chest at a safe haven. The haven's owner earns the chest's "
            "doubloons, so a chest left at a rival's haven pays your rival."
        ),
    ),
)

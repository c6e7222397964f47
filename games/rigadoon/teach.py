"""Rigadoon's teaching moments for a guided first game, each following a sentence of the
rulebook (``shared/rules/rigadoon.txt``), fired on what the learner's seat sees (only the
order of the Wind cards is hidden, and no moment reads it)."""

from __future__ import annotations

from games.core import Moment
from games.core.words import N_

moments = (
    Moment(
        "goal",
        lambda seen: seen.can("sail", "repair", "change", "wind"),
        N_(
            "Your goal: claim two Treasure Chests on two different Islands. Each turn every ship "
            "at sea must sail or repair, and you must change the Wind once, but not as your last "
            "action."
        ),
    ),
    Moment(
        "sail",
        lambda seen: seen.can("sail"),
        N_(
            "Sail a ship in any direction, as many spaces as the Wind card allows that way. A ship "
            "with all 3 masts must sail; one with no masts must repair."
        ),
    ),
    Moment(
        "repair",
        lambda seen: seen.can("repair"),
        N_("Repairing adds one missing mast; a ship you repair may not sail this turn."),
    ),
    Moment(
        "chain",
        lambda seen: seen.can("attack"),
        N_(
            "A chain reaction! A ship that lands orthogonally next to another must attack it: the "
            "attacked ship is blasted two spaces away and loses a mast, and a ship blasted next to "
            "others attacks them in turn. You pick the order."
        ),
    ),
    Moment(
        "chest",
        lambda seen: seen.can("bump", "aground", "sink"),
        N_(
            "A chest! Chests start in the Shallows: bump them into Open Water, then sink them. A "
            "ship stops where it runs aground on a chest or sinks it."
        ),
    ),
    Moment(
        "island",
        lambda seen: seen.can("island"),
        N_(
            "You sank a chest: pick the Island it washes up on. It is claimed by whichever ship "
            "weighs anchor there first, so pick one your rival cannot reach before you."
        ),
    ),
)

"""Move clocks and absent-player policies as ``/parley new`` offers them, and the time words
every message about time uses."""

from __future__ import annotations

from typing import Protocol

from bot.storage import AbsentPolicy
from games.core.words import N_, number, t, tn

HOUR = 3600
DAY = 24 * HOUR

#: ``/parley new clock:`` choices -> seconds (None: no move clock).
CLOCKS: dict[str, int | None] = {
    "none": None,
    "12h": 12 * HOUR,
    "24h": DAY,
    "48h": 2 * DAY,
    "72h": 3 * DAY,
    "1w": 7 * DAY,
}
CLOCK_NAMES = {
    "none": N_("No clock"),
    "12h": N_("12 hours"),
    "24h": N_("24 hours"),
    "48h": N_("48 hours"),
    "72h": N_("72 hours"),
    "1w": N_("1 week"),
}
POLICIES: dict[AbsentPolicy, str] = {
    "autopilot": N_("Autopilot plays a legal move"),
    "forfeit": N_("The absent player forfeits"),
    "wait": N_("Wait for them"),
}


def policy_named(name: str) -> AbsentPolicy | None:
    """The absent policy ``name`` names, or None: a forged payload can send any text."""
    return next((policy for policy in POLICIES if policy == name), None)


class Clock(Protocol):
    """Where the bot gets the time (``time.time`` in production, a fake in tests)."""

    def __call__(self) -> float: ...


def stamp(when: float) -> str:
    """A Discord timestamp: every client shows it in its own time zone, relative to now."""
    return f"<t:{int(when)}:R>"


def clock_name(seconds: int | None) -> str:
    """A move clock in words, in the language spoken ("24 hours", "24 Stunden")."""
    for key, value in CLOCKS.items():
        if value == seconds:
            return t(CLOCK_NAMES[key])
    hours = (seconds or 0) / HOUR
    if hours.is_integer():
        return tn("{n} hour", "{n} hours", int(hours))
    return t("{hours} hours", hours=number(hours))

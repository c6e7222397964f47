"""Move clocks and absent-player policies as ``/parley new`` offers them, and the time words
every message about time uses."""

from __future__ import annotations

from typing import Protocol

from bot.storage import AbsentPolicy

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
    "none": "No clock",
    "12h": "12 hours",
    "24h": "24 hours",
    "48h": "48 hours",
    "72h": "72 hours",
    "1w": "1 week",
}
POLICIES: dict[AbsentPolicy, str] = {
    "autopilot": "Autopilot plays a legal move",
    "forfeit": "The absent player forfeits",
    "wait": "Wait for them",
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
    for key, value in CLOCKS.items():
        if value == seconds:
            return CLOCK_NAMES[key]
    return f"{(seconds or 0) / HOUR:g} hours"

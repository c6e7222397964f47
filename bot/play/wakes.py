"""When the scheduler next has work on a turn, stored on its deadline row as ``wake_at``.

The tick reads only the rows whose time has come (an index read), so it costs what is due, not
what is stored. The time is computed whenever a turn is looked at, from what the turn still
owes: the reminder steps not yet sent (held to the end of the player's quiet hours), the clock
running out, the end of a vacation. Any change a turn's times depend on (a new turn, a clock
changed, a vacation taken or quiet hours set, a seat handed over) sets it to 0, "at once", and
the next tick computes it again.
"""

from __future__ import annotations

import datetime as dt

from bot.play.reminders import in_quiet_hours, step_times, zone
from bot.storage import Deadline, UserSettings


def next_wake(
    deadline: Deadline,
    clock_seconds: int | None,
    settings: UserSettings,
    done: set[str],
    waits_after_expiry: bool,
    now: float,
) -> float | None:
    """The next time something is owed on this turn (None: nothing until the game moves).

    ``clock_seconds`` is None for a turn with no reminder ladder (no clock, or an interrupt),
    ``done`` the reminder steps already recorded, and ``waits_after_expiry`` whether a clock
    run out asks nothing more once the thread was told (the *wait* policy)."""
    user = deadline.user_id
    if deadline.paused_at is not None:
        return settings.vacation_until  # saving settings wakes it sooner, if they change
    times = [
        at
        for step, at in step_times(deadline, clock_seconds).items()
        if f"{step}:{user}" not in done
    ]
    if deadline.due_at is not None and not (waits_after_expiry and f"expired:{user}" in done):
        times.append(deadline.due_at)
    wake = min(times, default=None)
    if wake is not None and wake <= now and in_quiet_hours(settings, now):
        wake = min(quiet_end(settings, now), deadline.due_at or float("inf"))
    return wake


def quiet_end(settings: UserSettings, now: float) -> float:
    """The first local hour after ``now`` that is outside the player's quiet hours."""
    hour = dt.datetime.fromtimestamp(now, zone(settings.timezone)).replace(
        minute=0, second=0, microsecond=0
    )
    for ahead in range(1, 26):
        at = (hour + dt.timedelta(hours=ahead)).timestamp()
        if not in_quiet_hours(settings, at):
            return at
    return now  # quiet around the clock cannot be set; look again next tick

"""Pure helpers for play over days: clock choices, turn starts, reminder ladders, quiet hours,
vacations and the text of the status message. Nothing here talks to Discord or the store."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.messages import shorten
from bot.store import Deadline, GameRecord, TimePolicy, UserSettings
from games import GameSpec

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
CLOCK_NAMES = {"none": "No clock", "12h": "12 hours", "24h": "24 hours", "48h": "48 hours",
               "72h": "72 hours", "1w": "1 week"}
POLICIES = {
    "autopilot": "Autopilot plays a legal move",
    "forfeit": "The absent player forfeits",
    "wait": "Wait for them",
}
#: The reminder ladder, in order. ``start`` is a DM only for players who asked for it.
STEPS = ("start", "half", "last")
LAST_CALL = HOUR
DEFAULT_VACATION_BANK = 14.0


class Clock(Protocol):
    """Where the bot gets the time (``time.time`` in production, a fake in tests)."""

    def __call__(self) -> float: ...


def stamp(when: float, style: str = "R") -> str:
    """A Discord timestamp: every client shows it in its own time zone (``R``: relative)."""
    return f"<t:{int(when)}:{style}>"


def clock_name(seconds: int | None) -> str:
    for key, value in CLOCKS.items():
        if value == seconds:
            return CLOCK_NAMES[key]
    return f"{(seconds or 0) / HOUR:g} hours"


# -- turns ------------------------------------------------------------------------------
@dataclass
class Replay:
    """The game replayed from its seed: when each due seat's turn began, and what happened."""

    version: int
    state: Any
    starts: dict[int, int]
    lines: list[tuple[int, int, str]] = field(default_factory=list)  # (version, seat, line)

    def last_action_of(self, seat: int) -> int:
        return max((v for v, s, _ in self.lines if s == seat), default=0)

    def digest(self, seat: int, limit: int = 8) -> list[str]:
        """What the others did since ``seat``'s last action (the newest ``limit`` lines)."""
        since = self.last_action_of(seat)
        lines = [line for v, s, line in self.lines if v > since and s != seat]
        if len(lines) > limit:
            return [f"… and {len(lines) - limit} earlier actions", *lines[-limit:]]
        return lines


def replay(spec: GameSpec, game: GameRecord, actions: list[tuple[int, str]],
           start: Replay | None = None) -> Replay:
    """Replay ``actions`` (all of them, or those after ``start.version``).

    A seat's turn begins at the version where it became due, or where the set of due seats
    grew (a new round of simultaneous choices); a seat that acts and is still due (a turn of
    several steps, several secret cards) keeps its turn.
    """
    if start is None:
        state = spec.new(len(game.seats), game.seed, game.options)
        start = Replay(0, state, {s: 0 for s in spec.to_act(state)})
    state, starts, lines = start.state, dict(start.starts), list(start.lines)
    version = start.version
    for seat, action in actions:
        before = state
        prev = set(spec.to_act(before))
        state = spec.apply(before, seat, action)
        version += 1
        lines.append((version, seat, spec.describe(before, seat, action, state)))
        now = set(spec.to_act(state))
        grew = not now <= prev
        starts = {s: starts[s] if (s in prev and s in starts and not grew) else version
                  for s in now}
    return Replay(version, state, starts, lines[-200:])


def autopilot_action(spec: GameSpec, game: GameRecord, state: Any, seat: int) -> str:
    """A simple policy: a legal action picked at random (reproducibly for a game version)."""
    picker = random.Random(f"{game.seed}:{game.version}:{seat}:clock")
    return picker.choice(spec.legal_actions(state, seat))


# -- reminders --------------------------------------------------------------------------
def step_times(deadline: Deadline, clock_seconds: int | None) -> dict[str, float]:
    """When each reminder step falls due for this turn (no clock: only ``start``)."""
    times = {"start": deadline.started_at}
    if clock_seconds and deadline.due_at is not None:
        times["half"] = deadline.due_at - clock_seconds / 2
        times["last"] = deadline.due_at - min(LAST_CALL, clock_seconds / 8)
    return times


def zone(name: str) -> dt.tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return dt.UTC


def valid_timezone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def in_quiet_hours(settings: UserSettings, now: float) -> bool:
    """True during the player's quiet hours (local ``quiet_start`` <= hour < ``quiet_end``,
    wrapping past midnight)."""
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None or start == end:
        return False
    hour = dt.datetime.fromtimestamp(now, zone(settings.timezone)).hour
    return start <= hour < end if start < end else hour >= start or hour < end


def on_vacation(settings: UserSettings, now: float) -> bool:
    return (settings.vacation_start is not None and settings.vacation_until is not None
            and settings.vacation_start <= now < settings.vacation_until)


# -- the status message -----------------------------------------------------------------
def status_text(spec: GameSpec, game: GameRecord, policy: TimePolicy,
                deadlines: list[Deadline], state: Any, now: float) -> str:
    """The one living status message of a game: whose turn, deadlines, scores."""
    lines = [f"📋 **{spec.title} #{game.id}** · move clock: {clock_name(policy.clock_seconds)}"
             + (f" · if a clock runs out: {POLICIES[policy.policy].lower()}"
                if policy.clock_seconds else "")]
    if game.status == "active":
        by_seat = {d.seat: d for d in deadlines}
        for seat in spec.to_act(state):
            user = game.user_of(seat)
            line = f"⏳ <@{user}> ({spec.seat_label(seat)})"
            d = by_seat.get(seat)
            if spec.secret_choice(state, seat):
                line += ": secret choice pending"
            if d is not None and d.paused_at is not None:
                line += " · 🏖️ on vacation, clock stopped"
            elif d is not None and d.due_at is not None:
                line += f" · due {stamp(d.due_at)}"
            lines.append(line)
    elif game.status == "over":
        result = game.result or {}
        winners = ", ".join(f"<@{game.user_of(s)}>" for s in result.get("winners", []))
        lines.append(f"🏁 Game over: {result.get('reason', '')}"
                     + (f". Winner: {winners}" if winners else ""))
    else:
        lines.append("🚫 This game was cancelled.")
    if state is not None:
        scores = spec.view(state, None).get("scores")
        if isinstance(scores, dict) and scores:
            lines.append("Scores: " + " · ".join(f"{k}: {v}" for k, v in scores.items()))
        elif isinstance(scores, list) and scores:
            lines.append("Scores: " + " · ".join(
                f"{spec.seat_label(i)}: {v}" for i, v in enumerate(scores)))
    seated = ", ".join(f"<@{s.user_id}>" + (" (autopilot)" if s.resigned else "")
                       for s in game.seats)
    lines.append(f"Players: {seated}")
    return shorten("\n".join(lines))

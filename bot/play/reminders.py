"""Reminders: a ladder of nudges over a seat's turn (its start, half its clock, a last call),
held back during the player's quiet hours, each sent once.

A step is marked done in the same commit that queues its post (:meth:`Store.mark_step`), so a
restart neither loses nor repeats one.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.play.clocks import HOUR, stamp
from bot.play.readers import aloud, to_reader
from bot.play.secrecy import is_secret_choice
from bot.play.since import digest_for
from bot.play.turns import Replay
from bot.storage import Deadline, DirectMessage, GameRecord, Post, Store, ThreadPost, UserSettings
from games import GameSpec
from games.core.words import t

#: The reminder ladder, in order. ``start`` is a DM only for players who asked for it.
STEPS = ("start", "half", "last")
LAST_CALL = HOUR


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


async def remind(
    store: Store,
    game: GameRecord,
    spec: GameSpec[Any],
    clock_seconds: int | None,
    deadline: Deadline,
    settings: UserSettings,
    rp: Replay | None,
    now: float,
) -> None:
    """Send the latest reminder step that is due and not yet sent (``clock_seconds`` None:
    only the start of the turn)."""
    times = step_times(deadline, clock_seconds)
    key = {step: f"{step}:{deadline.user_id}" for step in STEPS}
    due = [step for step in STEPS if step in times and times[step] <= now]
    if not due:
        return
    done = await store.steps_done(game.id, deadline.seat, deadline.turn)
    pending = [step for step in due if key[step] not in done]
    if not pending or in_quiet_hours(settings, now):
        return  # quiet hours delay a step; it goes out when they end
    for skipped in pending[:-1]:  # never a burst: only the latest step goes out
        await store.mark_step(game.id, deadline.seat, deadline.turn, key[skipped], now, [])
    step = pending[-1]
    since = ""
    if step == "start":
        with to_reader(game, deadline.user_id):
            since = await digest_for(store, game, deadline.seat)
    posts = reminder_posts(game, spec, deadline, settings, step, rp, since)
    await store.mark_step(game.id, deadline.seat, deadline.turn, key[step], now, posts)


#: How every reminder's text starts.
REMINDER_MARK = "⏰ "


def reminder_prefix(user_id: int) -> str:
    """How a reminder posted in the thread starts (the player's mention, then the mark): the
    herald finds a player's earlier reminder there by it, to replace it."""
    return f"<@{user_id}> {REMINDER_MARK}"


def reminder_text(
    game: GameRecord, spec: GameSpec[Any], deadline: Deadline, step: str, since: str
) -> str:
    """The words of reminder ``step`` in the language spoken (a DM's, the thread's)."""
    where = (
        f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
        if game.thread_id
        else f"{t(spec.title)} #{game.id}"
    )
    due = t(" Your clock runs out {when}.", when=stamp(deadline.due_at)) if deadline.due_at else ""
    if step == "start":
        text = REMINDER_MARK + t("Your turn: {game}.", game=where) + due
        return text + (f"\n{since}" if since else "")
    if step == "half":
        return REMINDER_MARK + t("Reminder: it is your turn in {game}.", game=where) + due
    last = stamp(deadline.due_at or 0)
    return REMINDER_MARK + t(
        "Last call: your clock runs out {when} in {game}.", when=last, game=where
    )


def reminder_posts(
    game: GameRecord,
    spec: GameSpec[Any],
    deadline: Deadline,
    settings: UserSettings,
    step: str,
    rp: Replay | None,
    since: str = "",
) -> list[Post]:
    """The reminder ``step`` of a turn: a DM (the turn's first one carries ``since``, what
    changed since the player's last move), or a mention in the thread."""
    seat = next(s for s in game.seats if s.seat == deadline.seat)
    secret = rp is not None and is_secret_choice(spec, rp.state, deadline.seat)
    by_dm = seat.dm_open is not False
    if step == "start" and (not settings.turn_dm or not by_dm):
        return []  # the thread post already pinged them
    with to_reader(game, deadline.user_id):
        text = reminder_text(game, spec, deadline, step, since)
    with aloud(game):
        words = reminder_text(game, spec, deadline, step, "")
        mention = f"{reminder_prefix(deadline.user_id)}{words[len(REMINDER_MARK) :]}"
    if (settings.style == "dm" and by_dm) or step == "start":
        # the thread post already pinged a player at the start of their turn
        return [
            DirectMessage(
                user_id=deadline.user_id,
                seat=deadline.seat,
                version=game.version,
                text=text,
                choices=secret,
                or_thread=None if step == "start" else mention,
            )
        ]
    return [ThreadPost(mention, mentions=[deadline.user_id])]

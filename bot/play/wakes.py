"""When a game next needs the scheduler, so that a store that can keep the games asleep
(PostgreSQL's ``game_schedule``) ticks only those with something due, not every game.

It mirrors :meth:`bot.play.timekeeper.Timekeeper.run_due`: the earliest of a clock running out,
the next reminder step, a due player's vacation starting or ending, the end of the quiet hour
holding a reminder back, and at once when posts are still owed or the deadlines lag behind
the game. Any change to a game makes it due at once anyway (the store's pokes), so this only
has to be right about time passing; and a game sleeps at most :data:`REST`.
"""

from __future__ import annotations

import datetime as dt
import math

from bot.play.clocks import DAY
from bot.play.reminders import STEPS, in_quiet_hours, step_times, zone
from bot.play.vacations import on_vacation
from bot.storage import Deadline, Store, UserSettings
from games import REGISTRY

#: The longest a game in play sleeps (its status message is refreshed at least this often).
REST = DAY


def next_hour(settings: UserSettings, now: float) -> float:
    """The next full hour of the player's local time (quiet hours end on one)."""
    local = dt.datetime.fromtimestamp(now, zone(settings.timezone))
    top = local.replace(minute=0, second=0, microsecond=0) + dt.timedelta(hours=1)
    return top.timestamp()


def vacation_times(deadline: Deadline, settings: UserSettings, now: float) -> list[float]:
    """A vacation to follow now (the clock is not yet paused or resumed), or its next start
    or end."""
    if on_vacation(settings, now) != (deadline.paused_at is not None):
        return [now]
    return [t for t in (settings.vacation_start, settings.vacation_until) if t and t > now]


async def next_wake(store: Store, game_id: int, now: float) -> float:
    """The game clock's time the game is next due at (``math.inf``: only when it changes)."""
    game = await store.game(game_id)
    if game is None:
        return math.inf
    if await store.unsent(game_id):
        return now  # posts still owed (Discord failing, a thread refusing): every tick
    if game.status != "active" or game.state is None:
        return math.inf
    policy = await store.time_policy(game_id)
    if policy.synced_version != game.version:
        return now
    spec = REGISTRY[game.game_key]
    state = spec.load(game.state)
    times = [now + REST]
    for deadline in await store.deadlines(game_id):
        settings = await store.user_settings(deadline.user_id)
        interrupt = spec.default_action(state, deadline.seat) is not None
        if not interrupt:  # a short interrupt neither stops for vacations nor reminds
            times += vacation_times(deadline, settings, now)
        if deadline.paused_at is not None:
            continue
        done = await store.steps_done(game_id, deadline.seat, deadline.turn)
        if deadline.due_at is not None:
            waiting = policy.policy == "wait" and f"expired:{deadline.user_id}" in done
            if not waiting:  # a clock run out under 'wait' is told once, then waits
                times.append(max(deadline.due_at, now))
        clock = None if interrupt else policy.clock_seconds
        for step, at in step_times(deadline, clock).items():
            if step in STEPS and f"{step}:{deadline.user_id}" not in done:
                held = at <= now and in_quiet_hours(settings, now)
                times.append(next_hour(settings, now) if held else max(at, now))
    return min(times)

"""Vacations: a player away stops their clocks in every game, from a bank of days.

Pausing or resuming a turn's clock commits together with its notice in the thread
(:meth:`Store.update_deadline`).
"""

from __future__ import annotations

from dataclasses import replace

from bot.play.clocks import DAY, stamp
from bot.play.readers import aloud
from bot.play.service import UserError
from bot.storage import Deadline, GameRecord, Store, ThreadPost, UserSettings
from games import REGISTRY
from games.core.words import N_, number, t, told


def on_vacation(settings: UserSettings, now: float) -> bool:
    return (
        settings.vacation_start is not None
        and settings.vacation_until is not None
        and settings.vacation_start <= now < settings.vacation_until
    )


def take_vacation(settings: UserSettings, days: float, now: float) -> tuple[UserSettings, str]:
    """``/parley settings vacation_days``: end the current vacation (refunding the days not
    used), then start one of ``days`` (0: none). Returns the new settings and what to say."""
    bank = settings.vacation_bank
    note = ""
    if on_vacation(settings, now):
        assert settings.vacation_until is not None
        bank += (settings.vacation_until - now) / DAY
        settings = replace(settings, vacation_until=now)
        note = t("Your vacation is over; your clocks run again.")
    if days > 0:
        if days > bank + 1e-9:
            raise UserError(t("You have {days} vacation days left.", days=number(round(bank, 1))))
        bank -= days
        settings = replace(settings, vacation_start=now, vacation_until=now + days * DAY)
        note = t(
            "🏖️ Enjoy! Your clocks stop in all your games until {when}.",
            when=stamp(now + days * DAY),
        )
    return replace(settings, vacation_bank=bank), note


async def follow_vacation(
    store: Store, game: GameRecord, deadline: Deadline, settings: UserSettings, now: float
) -> Deadline:
    """Stop a due seat's clock while its player is away, and start it again (pushed back by
    the time away) when they are back; the thread is told either way."""
    away = on_vacation(settings, now)
    player, seat = f"<@{deadline.user_id}>", REGISTRY[game.game_key].seat_label(deadline.seat)
    if away and deadline.paused_at is None:
        assert settings.vacation_start is not None and settings.vacation_until is not None
        deadline = replace(deadline, paused_at=max(deadline.started_at, settings.vacation_start))
        with aloud(game):
            line = told(
                N_("🏖️ {player} ({seat}) is on vacation until {when}: their clock is stopped."),
                {"player": player, "seat": seat, "when": stamp(settings.vacation_until)},
            )
        await store.update_deadline(deadline, [ThreadPost(line)])
    elif not away and deadline.paused_at is not None:
        end = now
        if settings.vacation_until is not None and settings.vacation_until < now:
            end = max(deadline.paused_at, settings.vacation_until)
        due = deadline.due_at + (end - deadline.paused_at) if deadline.due_at is not None else None
        deadline = replace(deadline, due_at=due, paused_at=None)
        with aloud(game):
            line = told(
                N_(
                    "🌴 {player} ({seat}) is back from vacation; their clock runs again: "
                    "due {when}."
                )
                if due is not None
                else N_("🌴 {player} ({seat}) is back from vacation; their clock runs again."),
                {"player": player, "seat": seat, "when": stamp(due or 0)},
            )
        await store.update_deadline(deadline, [ThreadPost(line)])
    return deadline

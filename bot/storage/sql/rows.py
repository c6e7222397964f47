"""How the stores' rows become records and back: the same columns and JSON in every dialect."""

from __future__ import annotations

import json
from dataclasses import asdict
from dataclasses import fields as dataclass_fields
from typing import Any

from bot.storage.history import UndoRequest
from bot.storage.records import (
    Deadline,
    DirectMessage,
    GameRecord,
    Post,
    Seat,
    ThreadPost,
    UserSettings,
)
from bot.storage.sql.session import Row

GAME_COLUMNS = (
    "id, game_key, guild_id, channel_id, thread_id, lobby_message_id, host_id, status, seed, "
    "options, version, state, result"
)
#: Flags of a game that migration 0011 added (a database from before it reads them as false),
#: read from the whole row, like a seat's kind.
GAME_FLAGS = ("practice", "hints")
#: The columns a game's row gained after the first migrations, read from the whole row: the
#: flags, and its language (migration 0013; English before it).
GAME_LATER = (*GAME_FLAGS, "language")

#: A game's open request to take back a move: not ended, and the game still where it was asked.
OPEN_UNDO = (
    "SELECT u.* FROM undo_requests u JOIN games g ON g.id = u.game_id WHERE u.game_id=? "
    "AND u.ended IS NULL AND u.version = g.version AND g.status = 'active'"
)

DEADLINE_COLUMNS = "game_id, seat, turn, user_id, started_at, due_at, paused_at, wake_at"

USER_SETTINGS_COLUMNS = (
    "timezone, quiet_start, quiet_end, style, turn_dm, vacation_bank, vacation_start, "
    "vacation_until, language"
)


def game_record(row: Row, seats: list[Seat]) -> GameRecord:
    return GameRecord(
        id=row["id"],
        game_key=row["game_key"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        lobby_message_id=row["lobby_message_id"],
        host_id=row["host_id"],
        status=row["status"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        version=row["version"],
        state=row["state"],
        result=json.loads(row["result"]) if row["result"] else None,
        seats=seats,
        practice=flag(row, "practice"),
        hints=flag(row, "hints"),
        language=later(row, "language") or "en",
    )


def flag(row: Row, name: str) -> bool:
    """One of :data:`GAME_FLAGS` (0/1, as a number or PostgreSQL's JSON text); false when the
    row has no such column yet."""
    return bool(int(later(row, name) or 0))


def later(row: Row, name: str) -> Any:
    """A column of :data:`GAME_LATER` (None where the row has no such column yet)."""
    keys = row.keys()  # type: ignore[attr-defined]
    return row[name] if name in keys else None


def seat_record(
    seat: int,
    user_id: int,
    dm_open: int | None,
    resigned: int,
    kind: str | None,
    language: str | None = None,
    locale: str | None = None,
) -> Seat:
    """A seat; before migration 0007 there is no kind, and every seat was a person. Its
    player's language and last locale come with it from migration 0013 on."""
    return Seat(
        seat,
        user_id,
        None if dm_open is None else bool(dm_open),
        bool(resigned),
        kind or "human",
        language,
        locale,
    )


def undo_record(row: Row) -> UndoRequest:
    return UndoRequest(
        row["game_id"],
        row["version"],
        row["seat"],
        row["user_id"],
        row["first_version"],
        json.loads(row["waiting"]),
        row["id"],
        row["ended"],
    )


def deadline_record(r: Row) -> Deadline:
    return Deadline(
        r["game_id"],
        r["seat"],
        r["turn"],
        r["user_id"],
        r["started_at"],
        r["due_at"],
        r["paused_at"],
        r["wake_at"],
    )


def deadline_row(d: Deadline) -> tuple[Any, ...]:
    return (d.game_id, d.seat, d.turn, d.user_id, d.started_at, d.due_at, d.paused_at, d.wake_at)


def user_settings_record(user_id: int, r: Row) -> UserSettings:
    return UserSettings(
        user_id,
        r["timezone"],
        r["quiet_start"],
        r["quiet_end"],
        r["style"],
        bool(r["turn_dm"]),
        r["vacation_bank"],
        r["vacation_start"],
        r["vacation_until"],
        r["language"],
        r["locale"],
    )


def written_post(post: Post) -> tuple[str, int | None, str]:
    """An outbox row's ``kind``, ``user_id`` (a DM's recipient) and JSON ``payload``."""
    payload = asdict(post)
    if isinstance(post, DirectMessage):
        return "dm", payload.pop("user_id"), json.dumps(payload)
    return "thread", None, json.dumps(payload)


def read_post(kind: str, user_id: int | None, payload: str) -> Post:
    """The post of an outbox row; keys a row written by an older Parley lacks take their
    defaults, keys it has that a post no longer has are left aside."""
    fields = json.loads(payload)
    if kind == "dm":
        assert user_id is not None
        return DirectMessage(user_id=user_id, **known(DirectMessage, fields))
    return ThreadPost(**known(ThreadPost, fields))


def known(record: type, fields: dict[str, Any]) -> dict[str, Any]:
    names = {f.name for f in dataclass_fields(record)}
    return {key: value for key, value in fields.items() if key in names}

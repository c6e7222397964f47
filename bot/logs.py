"""Logging for ``parley run``: the level the operator chose, as text or as one JSON object a
line (``PARLEY_LOG_FORMAT``), and no secret at any level in either.

At DEBUG, discord.py logs every HTTP request and gateway event with its payload (a DM's text,
a button's custom id, an ephemeral hand) and aiosqlite logs every statement with its
parameters (the outbox rows hold those same texts). Those loggers never go below INFO, so
``PARLEY_LOG_LEVEL=DEBUG`` shows Parley's own debugging and nothing private. discord.py's
warnings that voice is unsupported are silenced: Parley has no voice.

A JSON line carries the game, server and interaction a line is about where one is known:
:func:`about` sets them for the work of one command (:func:`bot.discord.acting.act`) or one
game (the scheduler's per-game work, a delivery), and every line logged inside, however deep,
carries them. They are ids only, never a player's text.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
from collections.abc import Iterator
from contextvars import ContextVar

import discord

#: Loggers whose DEBUG lines carry message payloads or SQL parameters.
PAYLOAD_LOGGERS = ("discord", "aiosqlite")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

#: The ids a line is about, where known (see :func:`about`).
IDS: dict[str, ContextVar[int | None]] = {
    name: ContextVar(name, default=None) for name in ("game_id", "guild_id", "interaction_id")
}


@contextlib.contextmanager
def about(**ids: int | None) -> Iterator[None]:
    """Every line logged inside is about these ids (``game_id``, ``guild_id``,
    ``interaction_id``); an id not given keeps the value it had."""
    tokens = [(IDS[name], IDS[name].set(v)) for name, v in ids.items() if v is not None]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, event (the message), the
    ids the line is about, and the traceback of an error."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname,
            "logger": record.name,
            "event": record.getMessage(),
        }
        for name, var in IDS.items():
            if (value := var.get()) is not None:
                line[name] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["error"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str)


def formatter(log_format: str) -> logging.Formatter:
    """The formatter ``PARLEY_LOG_FORMAT`` names (a checked value)."""
    return JsonLines() if log_format == "json" else logging.Formatter(FORMAT)


def configure(level: str, log_format: str) -> None:
    """Log to stderr at ``level`` (a checked ``PARLEY_LOG_LEVEL``) in ``log_format`` (a
    checked ``PARLEY_LOG_FORMAT``), secrets kept out."""
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(log_format))
    logging.basicConfig(level=level, handlers=[handler])
    keep_payloads_out(level)
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def keep_payloads_out(level: str | int) -> None:
    """Hold the payload loggers at INFO or above, whatever ``level`` is."""
    floor = max(logging.INFO, logging.getLevelName(level) if isinstance(level, str) else level)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(floor)

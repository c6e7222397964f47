"""Logging for ``parley run``: the level the operator chose, and no secret at any level.

At DEBUG, discord.py logs every HTTP request and gateway event with its payload (a DM's text,
a button's custom id, an ephemeral hand) and aiosqlite logs every statement with its
parameters (the outbox rows hold those same texts). Those loggers never go below INFO, so
``PARLEY_LOG_LEVEL=DEBUG`` shows Parley's own debugging and nothing private. discord.py's
warnings that voice is unsupported are silenced: Parley has no voice.
"""

from __future__ import annotations

import logging

import discord

#: Loggers whose DEBUG lines carry message payloads or SQL parameters.
PAYLOAD_LOGGERS = ("discord", "aiosqlite")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure(level: str) -> None:
    """Log to stderr at ``level`` (a checked ``PARLEY_LOG_LEVEL``), secrets kept out."""
    logging.basicConfig(level=level, format=FORMAT)
    keep_payloads_out(level)
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def keep_payloads_out(level: str | int) -> None:
    """Hold the payload loggers at INFO or above, whatever ``level`` is."""
    floor = max(logging.INFO, logging.getLevelName(level) if isinstance(level, str) else level)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(floor)

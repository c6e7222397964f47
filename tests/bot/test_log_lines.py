"""Logs an operator can search (issue 26, item 4): with ``PARLEY_LOG_FORMAT=json`` each line is
one JSON object with the time, level, logger and event, and the game, server and interaction
it is about wherever one is known. (No secret reaches either format: the secret audits read
the log in both, :func:`tests.bot.conftest.logged`.)"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

import pytest

from bot.logs import formatter
from tests.bot.conftest import World
from tests.bot.time_helpers import open_game


async def test_a_json_line_names_the_game_server_and_interaction(world: World, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    caplog.handler.setFormatter(formatter("json"))  # as `parley run` with PARLEY_LOG_FORMAT=json
    bot = await world.start_bot()
    game_id = await open_game(world, bot)

    async def broken(*_args: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(bot.store, "game", broken)
    move = await world.fake.slash(bot, world.alice, world.thread(), "parley move", action="pass")

    logging.getLogger("bot.elsewhere").info("After the command")
    lines = [json.loads(line) for line in caplog.text.splitlines()]
    assert len(lines) == len(caplog.records)  # one object a line, a traceback inside its line
    (failed,) = [line for line in lines if line["level"] == "ERROR"]
    assert failed["logger"] == "bot.discord.bot"
    assert failed["event"] == "A command, button or menu failed"
    assert (failed["game_id"], failed["guild_id"], failed["interaction_id"]) == (
        game_id,
        world.guild.id,
        move.id,
    )
    assert failed["error"].endswith("sqlite3.OperationalError: disk I/O error")
    assert failed["time"].endswith("+00:00")
    after = lines[-1]  # the ids belonged to the command's own task, not to what came after
    assert (after["event"], after.keys()) == (
        "After the command",
        {"time", "level", "logger", "event"},
    )


@pytest.mark.parametrize("kind", ["text", "json"])
def test_a_line_outside_any_game_names_none(kind):
    record = logging.LogRecord("bot.x", logging.INFO, __file__, 1, "Ready: %s", ("yes",), None)
    line = formatter(kind).format(record)
    if kind == "json":
        assert json.loads(line).keys() == {"time", "level", "logger", "event"}
    else:
        assert line.endswith("INFO bot.x: Ready: yes")

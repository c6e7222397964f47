"""Settings and ``parley run``'s failures (issue 12): every setting is checked at start with
one clear line per bad value and exit status 1; a token Discord refuses and a network that is
not there are one line each, exit 1, with no traceback; discord.py's voice warnings are
silenced; and at ``PARLEY_LOG_LEVEL=DEBUG`` no payload (a DM's text, a button's custom id)
reaches the log."""

from __future__ import annotations

import asyncio
import http.server
import json
import logging
import threading
from collections.abc import Iterator

import discord
import pytest
from discord.http import HTTPClient, Route

from bot.cli import main
from bot.logs import PAYLOAD_LOGGERS, keep_payloads_out

GOOD = {
    "DISCORD_TOKEN": "a-token",
    "PARLEY_DEV_GUILD": "",
    "PARLEY_LOG_LEVEL": "INFO",
    "PARLEY_TICK_SECONDS": "30",
}


@pytest.fixture
def env(tmp_path, monkeypatch) -> dict[str, str]:
    """A good environment (the database in a fresh folder); tests spoil one value."""
    values = {**GOOD, "PARLEY_DB": str(tmp_path / "parley.db")}
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return values


@pytest.fixture(autouse=True)
def logging_restored() -> Iterator[None]:
    """``parley run`` sets up logging for its process; put it back for the next test."""
    levels = {name: logging.getLogger(name).level for name in PAYLOAD_LOGGERS}
    voice = (discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave)
    yield
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
    discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave = voice


def refusal(capsys, argv: list[str]) -> list[str]:
    """Run ``parley ARGV``; it must exit 1 with only refusal lines on stderr."""
    assert main(argv) == 1
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    return out.err.strip().splitlines()


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("PARLEY_TICK_SECONDS", "0", "from 1 to 3600"),
        ("PARLEY_TICK_SECONDS", "-5", "from 1 to 3600"),
        ("PARLEY_TICK_SECONDS", "nan", "from 1 to 3600"),
        ("PARLEY_TICK_SECONDS", "inf", "from 1 to 3600"),
        ("PARLEY_TICK_SECONDS", "0.001", "from 1 to 3600"),
        ("PARLEY_TICK_SECONDS", "half a minute", "from 1 to 3600"),
        ("PARLEY_DEV_GUILD", "my-server", "server id"),
        ("PARLEY_DEV_GUILD", "-12", "server id"),
        ("PARLEY_DEV_GUILD", "1" * 25, "server id"),
        ("PARLEY_LOG_LEVEL", "verbose", "DEBUG, INFO, WARNING, ERROR"),
        ("PARLEY_DB", ":memory:", "file path"),
        ("PARLEY_AI_WORKERS", "-1", "from 0 (one per core) to 64"),
        ("PARLEY_AI_WORKERS", "two", "from 0 (one per core) to 64"),
        ("PARLEY_AI_WORKERS", "1000", "from 0 (one per core) to 64"),
        ("PARLEY_STOP_GRACE_SECONDS", "-1", "from 0 to 600"),
        ("PARLEY_STOP_GRACE_SECONDS", "a minute", "from 0 to 600"),
        ("PARLEY_LOG_FORMAT", "xml", "text, json"),
        ("PARLEY_METRICS_PORT", "70000", "from 1 to 65535"),
        ("PARLEY_METRICS_PORT", "http", "from 1 to 65535"),
        ("PARLEY_METRICS_HOST", "http://0.0.0.0", "an address to listen on"),
    ],
)
def test_a_bad_setting_is_one_line_and_exit_1(env, monkeypatch, capsys, name, value, says):
    """Issue 12: tick seconds of 0, -5 or nan silently ran no scheduler, inf crashed the loop,
    0.001 was a busy loop; bad guild, log level or database values gave tracebacks."""
    monkeypatch.setenv(name, value)
    (line,) = refusal(capsys, ["run"])
    assert line.startswith(f"{name}={value!r} is refused") and says in line, line


def test_a_database_path_in_a_folder_or_missing_folder(env, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PARLEY_DB", str(tmp_path))
    (line,) = refusal(capsys, ["run"])
    assert "is a folder" in line
    monkeypatch.setenv("PARLEY_DB", str(tmp_path / "nowhere" / "parley.db"))
    (line,) = refusal(capsys, ["backup", str(tmp_path / "copy.db")])
    assert "does not exist" in line
    assert not (tmp_path / "nowhere").exists()


def test_every_bad_setting_is_named_at_once(env, monkeypatch, capsys):
    for name, value in [
        ("PARLEY_TICK_SECONDS", "0"),
        ("PARLEY_DEV_GUILD", "x"),
        ("PARLEY_LOG_LEVEL", "loud"),
        ("PARLEY_DB", ":memory:"),
    ]:
        monkeypatch.setenv(name, value)
    lines = refusal(capsys, ["run"])
    assert [line.split("=")[0] for line in lines] == [
        "PARLEY_DB",
        "PARLEY_DEV_GUILD",
        "PARLEY_LOG_LEVEL",
        "PARLEY_TICK_SECONDS",
    ]


def test_good_settings_are_read(env, monkeypatch):
    from bot.config import Settings

    monkeypatch.setenv("PARLEY_DEV_GUILD", "123456789012345678")
    monkeypatch.setenv("PARLEY_LOG_LEVEL", "debug")
    monkeypatch.setenv("PARLEY_TICK_SECONDS", "2.5")
    monkeypatch.setenv("PARLEY_AI_WORKERS", "3")
    monkeypatch.setenv("PARLEY_LOG_FORMAT", "JSON")
    monkeypatch.setenv("PARLEY_METRICS_PORT", "9108")
    monkeypatch.setenv("PARLEY_STOP_GRACE_SECONDS", "0")
    settings = Settings.from_env()
    assert settings.ai_workers == 3 and settings.stop_grace == 0
    assert (settings.log_format, settings.metrics_port, settings.metrics_host) == (
        "json",
        9108,
        "127.0.0.1",  # loopback unless PARLEY_METRICS_HOST says otherwise
    )
    assert (settings.dev_guild, settings.log_level, settings.tick_seconds) == (
        123456789012345678,
        "DEBUG",
        2.5,
    )


# -- parley run against a Discord that refuses, or no network at all ----------------------


class RefusingDiscord(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a token it does not know: 401 on ``GET /users/@me``."""

    def do_GET(self) -> None:
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def refusing_discord(monkeypatch) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RefusingDiscord)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    monkeypatch.setattr(Route, "BASE", base)
    yield base
    server.shutdown()


def test_a_refused_token_is_one_line_and_exit_1(env, refusing_discord, capsys, caplog):
    """Issue 12: "a rejected token would raise LoginFailure" (a traceback of 60 lines)."""
    caplog.set_level(logging.WARNING)
    (line,) = refusal(capsys, ["run"])
    assert "Discord refused the token in DISCORD_TOKEN" in line
    voice = [r.getMessage() for r in caplog.records if "voice" in r.getMessage()]
    assert voice == [], "Parley has no voice: discord.py's voice warnings are silenced"


@pytest.mark.parametrize(
    "base",
    ["http://parley-test.invalid/api/v10", "http://127.0.0.1:9/api/v10"],
    ids=["no DNS", "nothing listening"],
)
def test_no_network_is_one_line_and_exit_1(env, monkeypatch, capsys, base):
    """Issue 12: no network ended in a 60-line traceback (``ClientConnectorDNSError``)."""
    monkeypatch.setattr(Route, "BASE", base)
    (line,) = refusal(capsys, ["run"])
    assert line.startswith("Could not reach Discord") and "network" in line, line


# -- no payload in the log, at any level ---------------------------------------------------


class EchoingDiscord(RefusingDiscord):
    """Knows the bot's token, and sends back any message the bot posts, as Discord does."""

    def do_GET(self) -> None:
        self.answer({"id": "3", "username": "Parley", "discriminator": "0", "bot": True})

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        self.answer({"id": "1", "channel_id": "2", **json.loads(self.rfile.read(length))})

    def answer(self, data: dict[str, object]) -> None:
        body = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


async def test_discord_http_debug_lines_hold_no_message_text(monkeypatch, caplog):
    """Issue 12: at DEBUG "the log held a loyalty DM's text and a vote button's custom id":
    discord.py logs each request's payload at DEBUG. With Parley's logging, the request goes
    out through discord.py's own HTTP client at DEBUG and neither reaches the log."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EchoingDiscord)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{server.server_address[1]}/api/v10")
    caplog.set_level(logging.DEBUG)
    keep_payloads_out("DEBUG")
    secret, custom_id = "Your loyalty: French", "parley:act:1:4:vote mutiny"
    client = HTTPClient(asyncio.get_running_loop())
    await client.static_login("a-token")
    try:
        payload = {"content": secret, "components": [{"type": 1, "custom_id": custom_id}]}
        echoed = await client.request(
            Route("POST", "/channels/{channel_id}/messages", channel_id=2), json=payload
        )
        assert echoed["content"] == secret  # it went out and came back
    finally:
        await client.close()
        server.shutdown()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert secret not in logged and custom_id not in logged

"""What an operator's Prometheus scrapes (``/metrics``, served by :mod:`bot.discord.watch`):
counters and histograms the bot moves as it works, and gauges read when the scrape comes.

One :class:`Metrics` per bot, on a registry of its own (never ``prometheus_client``'s global
one), so two bots in one process, as in the tests, count apart (all but the database errors,
counted from the process's log). Every label value is one of
a few fixed words (a command's name, a game's key, a reason), never a player's text, an id or
an action: a custom id can name a vote's card, so it is never a label.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

#: Answers from a tenth of a second (a refusal) to Discord's 15 minutes for a deferred one.
COMMAND_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
#: The AI's search takes up to a second or two; a busy pool queues it longer.
THINK_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 60.0)
#: Why Discord did not take a post or DM: the thread is gone and none could be opened, a
#: permission is missing, the network dropped, Discord failed (5xx), Discord refused it (4xx).
DELIVERY_REASONS = ("no_thread", "forbidden", "network", "discord_error", "refused")
#: A tick costs what is due: milliseconds when idle, seconds under a pile of expiries.
TICK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    """The bot's instruments, each moved by the one place that knows: the command tree and
    :func:`bot.discord.acting.act` (commands), the scheduler (ticks), the thinker (the AI),
    the herald (delivery failures), the log (database errors)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        into = self.registry
        self.commands = Counter(
            "parley_commands",
            "Slash commands and clicks answered, by name and outcome (ok, refused, error)",
            ["command", "outcome"],
            registry=into,
        )
        self.command_seconds = Histogram(
            "parley_command_seconds",
            "Time from a command or click reaching the bot to its answer",
            ["command"],
            buckets=COMMAND_BUCKETS,
            registry=into,
        )
        self.games = Gauge("parley_games", "Games stored, by status", ["status"], registry=into)
        self.backlog = Gauge(
            "parley_backlog",
            "Work owed: posts and DMs not yet sent (posts), AI moves not yet played (ai_moves)",
            ["kind"],
            registry=into,
        )
        self.tick_seconds = Histogram(
            "parley_tick_seconds",
            "How long each scheduler tick took",
            buckets=TICK_BUCKETS,
            registry=into,
        )
        self.last_tick = Gauge(
            "parley_last_tick_timestamp_seconds",
            "When the last scheduler tick ended (the bot's clock)",
            registry=into,
        )
        self.think_seconds = Histogram(
            "parley_ai_think_seconds",
            "How long the AI took to choose a move, by game and level",
            ["game", "level"],
            buckets=THINK_BUCKETS,
            registry=into,
        )
        self.delivery_failures = Counter(
            "parley_delivery_failures",
            "Posts and DMs Discord did not take, by reason (they wait or are retried)",
            ["reason"],
            registry=into,
        )
        for reason in DELIVERY_REASONS:  # each shown from the start, at 0, for alerts
            self.delivery_failures.labels(reason)
        self.database_errors = Counter(
            "parley_database_errors",
            "Errors the database raised that the bot logged and survived",
            registry=into,
        )
        self.gateway_latency = Gauge(
            "parley_gateway_latency_seconds",
            "Discord's gateway heartbeat latency (NaN while not connected)",
            registry=into,
        )
        #: When the last tick ended (None: none yet), for ``/healthz``.
        self.ticked_at: float | None = None

    def command(self, name: str, outcome: str, seconds: float) -> None:
        self.commands.labels(name, outcome).inc()
        self.command_seconds.labels(name).observe(seconds)

    def ticked(self, seconds: float, ended_at: float) -> None:
        self.tick_seconds.observe(seconds)
        self.last_tick.set(ended_at)
        self.ticked_at = ended_at

    def thought(self, game: str, level: str, seconds: float) -> None:
        self.think_seconds.labels(game, level).observe(seconds)

    def delivery_failed(self, reason: str) -> None:
        self.delivery_failures.labels(reason).inc()

    def scraped(
        self, games: Mapping[str, int], backlog: Mapping[str, int], latency: float
    ) -> bytes:
        """The text format, with the gauges read at this scrape (the store's counts of games
        by status and of work owed, by kind; the gateway's latency)."""
        self.games.clear()
        for status, count in games.items():
            self.games.labels(status).set(count)
        for kind, count in backlog.items():
            self.backlog.labels(kind).set(count)
        self.gateway_latency.set(latency)
        return generate_latest(self.registry)


def since(began: float) -> float:
    """Seconds since ``began`` (a :func:`time.perf_counter` reading)."""
    return time.perf_counter() - began

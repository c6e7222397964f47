"""The Discord bot: opens the store, has the parts that run games in play built (by its crew,
:mod:`bot.discord.crew`), loads the cogs under one ``/parley`` command (each a discord.py
extension, loaded by name), and answers every refusal politely (tracebacks go to the log only).

Everything a cog, button or menu needs is an attribute of :class:`ParleyBot`; those modules
import this one, never the other way round.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.delivery import Herald
from bot.discord.dms import send_dm
from bot.discord.messages import shorten
from bot.discord.scheduler import Scheduler
from bot.discord.stopping import RESTARTING, InFlight, on_signals
from bot.language import language_of, speech_in
from bot.logs import IDS
from bot.metrics import Metrics, since
from bot.play.claims import Claims
from bot.play.clocks import Clock
from bot.play.readers import Readers
from bot.play.reviews import Reviews
from bot.play.service import GameService, UserError
from bot.play.snapshots import refresh_snapshots
from bot.play.timekeeper import Timekeeper
from bot.storage import Store, open_store
from games.core.words import N_, speak, t

log = logging.getLogger(__name__)

#: The crew first (the parts the cogs use), then the cogs, one extension each: opening and
#: joining games, playing them, time, the host, and what games leave behind (history, replays,
#: undo, ratings).
EXTENSIONS = (
    "bot.discord.crew",
    "bot.discord.cogs.lobby",
    "bot.discord.cogs.play",
    "bot.discord.cogs.time",
    "bot.discord.cogs.admin",
    "bot.discord.cogs.history",
    "bot.discord.cogs.learn",
    "bot.discord.cogs.league",
    "bot.discord.watch",
)
OOPS = N_("Something went wrong on my side, sorry. Nothing was changed; please try again.")


def committed(interaction: discord.Interaction, what: str) -> None:
    """Note what this interaction has committed (``what`` says so to its user), so that an
    error after the commit is answered with the truth, never "Nothing was changed"."""
    interaction.extras["committed"] = what


def oops(interaction: discord.Interaction) -> str:
    """The answer to an unexpected error: what was committed before it, if anything."""
    done = interaction.extras.get("committed")
    if done is None:
        return t(OOPS)
    return t(
        "{done}\n\nSomething went wrong on my side after that, sorry; it counts all the same, "
        "and the game's thread catches up shortly.",
        done=done,
    )


def arrived(interaction: discord.Interaction) -> None:
    """A command or click reaches the bot: its answer's time starts, and every line logged
    while it is handled (in this interaction's own task) names its server and itself."""
    interaction.extras["began"] = time.perf_counter()
    IDS["guild_id"].set(interaction.guild_id)
    IDS["interaction_id"].set(interaction.id)


async def hear(interaction: discord.Interaction[Any]) -> None:
    """Speak the language of whoever sent ``interaction`` (:class:`bot.play.readers.Readers`)
    for the rest of its handling: its answers, refusals and private boards. Called once per
    way in (the command tree's check, which autocomplete passes too, and :class:`Gated`'s),
    in the task discord.py runs the interaction in. A thread post or DM it causes speaks its
    own readers' language (:class:`bot.discord.delivery.Herald`)."""
    locale = str(interaction.locale)
    bot: ParleyBot = interaction.client
    code = language_of(locale)
    if interaction.type is discord.InteractionType.autocomplete:  # at every key typed
        code = bot.readers.guessed(interaction.user.id, locale)
    elif not bot.in_flight.closing:  # (closing: the store may be)
        try:
            code = await bot.readers.heard(interaction.user.id, locale)
        except Exception:  # the answer still comes, in their client's language
            log.exception("Could not read a player's language")
    speak(speech_in(code))


def tally(interaction: discord.Interaction[Any], outcome: str | None = None) -> None:
    """Count one command or click answered: its name (the command's, or the fixed word a
    button's custom id starts with, never the rest: it can name a card), its outcome (``ok``
    unless ``outcome`` or the handling said ``refused`` or ``error``) and its time. Once,
    however its handling nests."""
    if interaction.extras.get("tallied"):
        return
    interaction.extras["tallied"] = True
    if interaction.command is not None:
        name = interaction.command.qualified_name
    else:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        found = re.match(r"parley:([a-z_]+)", custom_id)
        name = f"parley:{found[1]}" if found else "other"
    began = interaction.extras.get("began")
    seconds = since(began) if isinstance(began, float) else 0.0
    result = outcome or interaction.extras.get("outcome", "ok")
    metrics: Metrics = interaction.client.metrics
    metrics.command(name, result, seconds)


async def reply_privately(interaction: discord.Interaction, message: str) -> None:
    """Answer only the clicker (a first answer, or a follow-up after a deferral)."""
    if interaction.response.is_done():
        await interaction.followup.send(shorten(message), ephemeral=True)
    else:
        await interaction.response.send_message(shorten(message), ephemeral=True)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a button's (or :func:`bot.discord.acting.act`'s) work; an unexpected error is logged
    and the user gets a polite private answer instead of Discord's bare "This interaction
    failed"."""
    try:
        await work
    except Exception:
        interaction.extras["outcome"] = "error"
        log.exception("A command, button or menu failed")
        await reply_privately(interaction, oops(interaction))
    finally:
        if interaction.type is discord.InteractionType.component:
            tally(interaction)  # a command is counted by the tree


class Gated:
    """The first base of every button and menu (before ``DynamicItem``). A custom id can be
    forged and sent from any server or DM, so discord.py's ``interaction_check``, which it
    awaits before every ``callback``, asks :meth:`gate` whether this click may use the
    component; a refusal is the clicker's private answer and nothing else runs.
    :meth:`ParleyBot.add_dynamic_items` registers nothing that skips this."""

    async def gate(self, interaction: discord.Interaction[ParleyBot]) -> None:
        """Raise :class:`UserError`, the answer, if this interaction may not use this."""
        raise NotImplementedError

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        arrived(interaction)
        await hear(interaction)
        if interaction.client.in_flight.closing:
            await reply_privately(interaction, t(RESTARTING))
            tally(interaction, "refused")
            return False
        try:
            await self.gate(interaction)
        except UserError as error:
            await reply_privately(interaction, str(error))
            tally(interaction, "refused")
            return False
        except Exception:  # discord.py would drop the click without a word
            log.exception("A button or menu's check failed")
            await reply_privately(interaction, oops(interaction))
            tally(interaction, "error")
            return False
        return True


class ParleyTree(app_commands.CommandTree["ParleyBot"]):
    async def interaction_check(self, interaction: discord.Interaction[ParleyBot], /) -> bool:
        """While the bot stops, a command is answered that it is restarting (an autocomplete
        offers nothing), and nothing runs."""
        arrived(interaction)
        await hear(interaction)
        if not interaction.client.in_flight.closing:
            return True
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await reply_privately(interaction, t(RESTARTING))
            tally(interaction, "refused")
        return False

    async def on_error(
        self, interaction: discord.Interaction[ParleyBot], error: app_commands.AppCommandError
    ) -> None:
        """A :class:`UserError` is the answer; anything else is logged and apologised for."""
        original = getattr(error, "original", error)
        outcome = "refused"
        if isinstance(original, UserError):
            message = str(original)
        elif isinstance(error, app_commands.CheckFailure):
            message = t("This command only works inside a server.")
        else:
            log.error("Command failed", exc_info=original)
            message = oops(interaction)
            outcome = "error"
        try:
            await reply_privately(interaction, message)
        finally:
            tally(interaction, outcome)


class ParleyBot(commands.AutoShardedBot):
    """What the cogs, buttons and menus use: ``store``, opened in :meth:`setup_hook`, and
    the parts its crew (:mod:`bot.discord.crew`) builds next: ``service`` (games in play),
    ``timekeeper`` (their clocks), ``claims`` (the games whose background work this process
    holds), ``herald`` (posts and DMs owed), ``scheduler`` (the tick the time cog runs) and
    ``reviews`` (finished games' turning points, made off the event loop) and ``readers``
    (who reads in which language).

    It runs the shards ``PARLEY_SHARDS`` names (discord.py's ``AutoShardedClient``), or every
    shard Discord recommends when that is unset."""

    service: GameService
    claims: Claims
    timekeeper: Timekeeper
    herald: Herald
    scheduler: Scheduler
    reviews: Reviews
    readers: Readers

    def __init__(
        self,
        settings: Settings,
        store: Store | None = None,
        sync_commands: bool = True,
        clock: Clock | None = None,
    ) -> None:
        shards: dict[str, Any] = {}  # unset: every shard Discord recommends
        if settings.shards is not None:
            shards = {"shard_ids": settings.shards.ids, "shard_count": settings.shards.count}
        super().__init__(
            command_prefix=commands.when_mentioned,  # unused: see on_message
            help_command=None,
            intents=discord.Intents.default(),
            tree_cls=ParleyTree,
            **shards,
        )
        self.clock: Clock = clock or time.time  # injected in tests, so they control time
        self.metrics = Metrics()  # what /metrics shows (bot.discord.watch)
        self.settings = settings
        self._store = store
        self.sync_commands = sync_commands
        #: Commits, thoughts and ticks under way, which a stop waits for.
        self.in_flight = InFlight()
        self._stopping: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None

    @property
    def store(self) -> Store:
        assert self._store is not None, "the store opens in setup_hook"
        return self._store

    async def setup_hook(self) -> None:
        if self._store is None:
            shards = self.settings.shards
            where = None if shards is None else (shards.first, shards.last, shards.count)
            self._store = await open_store(self.settings.database, where)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        parley = app_commands.Group(
            name="parley",
            description="Play pirate board games with friends",  # (marked in cogs/names.py)
        )
        for cog in self.cogs.values():
            for command in cog.get_app_commands():
                self.tree.remove_command(command.name)  # each is a /parley subcommand
                parley.add_command(command)
        self.tree.add_command(parley)
        if self.sync_commands:
            if self.settings.dev_guild:
                guild = discord.Object(self.settings.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        await refresh_snapshots(self.store)  # states an upgraded engine can no longer load
        await self.scheduler.start()  # what is owed from before a crash or restart

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Only :class:`Gated` buttons and menus, their check unchanged: a new one cannot
        forget to check who clicks it."""
        for item in items:
            check: object = item.interaction_check  # Gated's own, not overridden nor shadowed
            if check is not Gated.interaction_check:
                raise TypeError(f"{item.__name__} must derive from Gated, before DynamicItem")
        super().add_dynamic_items(*items)

    async def on_app_command_completion(
        self, interaction: discord.Interaction[ParleyBot], command: object, /
    ) -> None:
        """A slash command answered without an error (its handling may still say it was
        refused: :func:`bot.discord.acting.act` notes a refusal it answered)."""
        tally(interaction)

    async def on_message(self, message: discord.Message, /) -> None:
        """Parley has slash commands and buttons only; a message is never a command."""

    def stop_on_signals(self) -> None:
        """SIGTERM and SIGINT stop the bot safely (:meth:`stop`)."""
        on_signals(self.stop)

    def stop(self) -> asyncio.Task[None]:
        """Stop safely (:mod:`bot.discord.stopping`), once: the task doing it."""
        if self._stopping is None:
            self.in_flight.closing = True  # at once: nothing new starts from here on
            self._stopping = asyncio.create_task(self._stop_safely(), name="parley-stop")
        return self._stopping

    async def _stop_safely(self) -> None:
        grace = self.settings.stop_grace
        until = asyncio.get_running_loop().time() + grace
        log.info("Stopping: finishing the work under way (at most %g s)", grace)
        if not await self.in_flight.drained(grace):
            log.warning("Stopping with work still under way; it is resumed at the next start")
        elif hasattr(self, "herald"):
            try:
                async with asyncio.timeout_at(until):
                    await self.service.thoughts.settled()  # the AI's moves under way commit
            except TimeoutError:
                log.warning("Stopping with AI moves still owed; they are thought at the next start")
            try:
                async with asyncio.timeout_at(until):
                    await self.herald.deliver()
            except TimeoutError:
                log.warning("Stopping with posts still owed; they go out at the next start")
            except Exception:
                log.exception("Could not send the posts owed before stopping")
        await self.close()

    async def close(self) -> None:
        """Close once, however many ask (a stop, ``async with``, discord.py): each waits for
        the same closing."""
        if self._closing is None:
            self._closing = asyncio.create_task(self._close(), name="parley-close")
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        self.in_flight.closing = True
        await super().close()  # unloads the cogs: the time cog stops the scheduler's loop
        if hasattr(self, "service"):
            await self.service.thoughts.close()
            self.service.thinker.shutdown()
        if self._store is not None:
            if hasattr(self, "claims"):
                await self.claims.close()
            await self._store.close()

    async def send_dm(
        self,
        user_id: int,
        text: str,
        view: discord.ui.View | None = None,
        nonce: str | None = None,
    ) -> bool:
        """Try one DM; a closed DM is recorded (so we stop trying) and reported as False."""
        return await send_dm(self, self.store, user_id, text, view, nonce)

"""The Discord client: wires the command tree, the persistent buttons, the store and the
herald together, and answers every refusal politely (tracebacks go to the log only)."""

from __future__ import annotations

import contextlib
import logging
import time

import discord
from discord import app_commands

from bot.commands import ParleyCommands
from bot.config import Settings
from bot.delivery import DM_CLOSED_HELP, Herald
from bot.messages import send_long, shorten
from bot.panels import DYNAMIC_ITEMS, OOPS, lobby_embed, lobby_view, panel
from bot.permissions import TO_OPEN, lacking, listing
from bot.scheduler import Scheduler, TimedHerald
from bot.service import GameService, UserError
from bot.sqlite_store import SqliteStore
from bot.store import GameRecord, Store
from bot.time_commands import add_time_commands
from bot.timekeeping import CLOCKS, Clock
from games import REGISTRY

log = logging.getLogger(__name__)

WELCOME = ("Ahoy! I'm Parley. I'll DM you your private cards and secret choices for "
           "**{title} #{id}** here. The game itself lives in its thread.")


class ParleyBot(discord.Client):
    def __init__(self, settings: Settings, store: Store | None = None,
                 sync_commands: bool = True, clock: Clock | None = None) -> None:
        super().__init__(intents=discord.Intents.default())
        self.clock: Clock = clock or time.time  # injected in tests, so they control time
        self.scheduler = Scheduler(self)
        self.settings = settings
        self._store = store
        self.sync_commands = sync_commands
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(add_time_commands(ParleyCommands()))
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]
        self.herald: Herald = TimedHerald(self)

    @property
    def store(self) -> Store:
        assert self._store is not None, "the store opens in setup_hook"
        return self._store

    @property
    def service(self) -> GameService:
        return GameService(self.store)

    async def setup_hook(self) -> None:
        if self._store is None:
            self._store = await SqliteStore.open(self.settings.database)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_commands:
            if self.settings.dev_guild:
                guild = discord.Object(self.settings.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        await self.herald.deliver()  # posts owed from before a crash or restart
        self.scheduler.start(self.settings.tick_seconds)

    async def close(self) -> None:
        self.scheduler.stop()
        await super().close()
        if self._store is not None:
            await self._store.close()

    # -- errors -------------------------------------------------------------------------
    async def on_command_error(self, interaction: discord.Interaction,
                               error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            message = str(original)
        elif isinstance(error, app_commands.CheckFailure):
            message = "This command only works inside a server."
        else:
            log.error("Command failed", exc_info=original)
            message = OOPS
        await self.reply_privately(interaction, message)

    @staticmethod
    async def reply_privately(interaction: discord.Interaction, message: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(shorten(message), ephemeral=True)
        else:
            await interaction.response.send_message(shorten(message), ephemeral=True)

    # -- DMs ----------------------------------------------------------------------------
    async def send_dm(self, user_id: int, text: str, view: discord.ui.View | None = None,
                      nonce: str | None = None) -> bool:
        """Try one DM; a closed DM is recorded (so we stop trying) and reported as False."""
        try:
            user = self.get_user(user_id) or await self.fetch_user(user_id)
            channel = await user.create_dm()
            await send_long(channel.send, text, nonce=nonce, **({"view": view} if view else {}))
        except discord.Forbidden:
            await self.store.set_dm_open(user_id, False)
            return False
        await self.store.set_dm_open(user_id, True)
        return True

    # -- lobby --------------------------------------------------------------------------
    async def open_lobby(self, interaction: discord.Interaction, key: str, options: str,
                         clock: str = "none", absent: str = "autopilot") -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise UserError("Open games in a text channel (not in a thread or DM): each game "
                            "gets its own thread there.")
        assert interaction.guild_id is not None
        missing = lacking(interaction.app_permissions, TO_OPEN)
        if missing:
            raise UserError(f"I can't run a game in this channel: I lack {listing(missing)} "
                            "here. An admin can give me that in the channel's settings "
                            "(Permissions), or open the game in another channel.")
        game = await self.service.new_game(key, interaction.guild_id, channel.id,
                                           interaction.user.id, options)
        spec = REGISTRY[game.game_key]
        message = None
        try:
            message = await channel.send(embed=lobby_embed(game), view=lobby_view(game))
            thread = await message.create_thread(name=f"{spec.title} #{game.id}",
                                                 auto_archive_duration=10080)
        except discord.Forbidden:
            await self.service.cancel(game, interaction.user.id, can_manage=True)
            if message is not None:
                with contextlib.suppress(discord.HTTPException):
                    await message.delete()  # no lobby card left for a game that is not
            raise UserError("I lack a permission here: I need "
                            f"{listing(list(TO_OPEN.values()))}.") from None
        await self.store.set_places(game.id, thread.id, message.id)
        await self.store.set_time_policy(game.id, CLOCKS.get(clock), absent)
        note = await self._welcome(game, interaction.user.id)
        await interaction.followup.send(
            f"Game #{game.id} of {spec.title} is open: {thread.mention}. Friends press "
            f"**Join**; you press **Start** when everyone is in.{note}", ephemeral=True)

    async def _welcome(self, game: GameRecord, user_id: int) -> str:
        spec = REGISTRY[game.game_key]
        if await self.send_dm(user_id, WELCOME.format(title=spec.title, id=game.id)):
            return ""
        return "\n\n" + DM_CLOSED_HELP

    async def lobby_op(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        service = self.service
        user = interaction.user
        try:
            game = await service.game(game_id)
            if interaction.guild_id and game.guild_id != interaction.guild_id:
                raise UserError(f"There is no game #{game_id} in this server.")
            if op == "join":
                game = await service.join(game, user.id)
                reply = f"You joined {REGISTRY[game.game_key].title} #{game.id}."
                reply += await self._welcome(game, user.id)
            elif op == "leave":
                game = await service.leave(game, user.id)
                reply = "You left the game."
            elif op == "start":
                game = await service.start(game, user.id)
                reply = "The game has started: see the thread."
            else:
                perms = getattr(user, "guild_permissions", None)
                game = await service.cancel(game, user.id, bool(perms and perms.manage_guild))
                reply = "The game is cancelled."
        except UserError as error:
            await self.reply_privately(interaction, str(error))
            return
        await self._refresh_lobby(game)
        await self.herald.deliver(game.id)
        await self.reply_privately(interaction, reply)

    async def _refresh_lobby(self, game: GameRecord) -> None:
        if game.lobby_message_id is None:
            return
        message = self.get_partial_messageable(game.channel_id).get_partial_message(
            game.lobby_message_id)
        try:
            await message.edit(embed=lobby_embed(game), view=lobby_view(game))
        except discord.HTTPException as error:
            log.warning("Could not update the lobby of game %s: %s", game.id, error.status)

    # -- private panels -----------------------------------------------------------------
    def panel(self, game: GameRecord, seat: int) -> tuple[str, discord.ui.View | None]:
        return panel(game, seat)

    async def send_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        try:
            game = await self.service.game(game_id)
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                raise UserError("You are not playing in this game, so there is no hand to show.")
            if game.status == "lobby":
                raise UserError("The game has not started yet.")
        except UserError as error:
            await self.reply_privately(interaction, str(error))
            return
        content, view = self.panel(game, seat)
        await interaction.followup.send(content, ephemeral=True, **({"view": view} if view else {}))

"""A game before it starts: the lobby card in the channel (with Join, Leave, Start and Cancel
buttons), its thread, and the welcome DM that checks a player's DMs are open."""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any, ClassVar

import discord

from bot.discord.bot import ParleyBot, guarded, reply_privately
from bot.discord.delivery import DM_CLOSED_HELP
from bot.discord.permissions import TO_OPEN, lacking, listing
from bot.play.clocks import CLOCKS, POLICIES, clock_name
from bot.play.service import UserError
from bot.play.wording import chosen_options, fit
from bot.storage import GameRecord, TimePolicy
from games import REGISTRY

log = logging.getLogger(__name__)

WELCOME = (
    "Ahoy! I'm Parley. I'll DM you your private cards and secret choices for "
    "**{title} #{id}** here. The game itself lives in its thread."
)


def lobby_embed(game: GameRecord, policy: TimePolicy | None = None) -> discord.Embed:
    """The lobby card: players, host, the game's options in words, and the move clock and
    what happens when it runs out, as chosen at ``/parley new``."""
    spec = REGISTRY[game.game_key]
    players = "\n".join(f"{i + 1}. <@{s.user_id}>" for i, s in enumerate(game.seats))
    status = {
        "lobby": f"Waiting for players ({spec.player_range()}). The host presses **Start**.",
        "active": "The game is on! Follow it in the thread.",
        "over": "This game is over.",
        "cancelled": "This game was cancelled.",
    }[game.status]
    embed = discord.Embed(
        title=f"{spec.title} · game #{game.id}", description=status, color=0xC8902A
    )
    embed.add_field(name="Players", value=players or "nobody yet", inline=True)
    embed.add_field(name="Host", value=f"<@{game.host_id}>", inline=True)
    chosen = chosen_options(spec, game.options)
    if chosen:
        lines = "\n".join(f"• {what}: **{value}**" for what, value in chosen)
        embed.add_field(name="Options", inline=False, value=fit(lines, 1024))
    if policy is not None:
        embed.add_field(name="Move clock", value=clock_name(policy.clock_seconds), inline=True)
        if policy.clock_seconds:
            embed.add_field(
                name="When a clock runs out", value=POLICIES[policy.policy], inline=True
            )
    return embed


def lobby_buttons(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(game_id, op))
    return view


def lobby_view(game: GameRecord) -> discord.ui.View | None:
    """The lobby card's buttons while the game waits for players; none after."""
    return lobby_buttons(game.id) if game.status == "lobby" else None


async def open_lobby(
    interaction: discord.Interaction[ParleyBot],
    key: str,
    options: str,
    clock: str = "none",
    absent: str = "autopilot",
) -> None:
    """``/parley new``: the lobby card in this channel, the game's thread, its clock."""
    bot = interaction.client
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise UserError(
            "Open games in a text channel (not in a thread or DM): each game gets its own "
            "thread there."
        )
    assert interaction.guild_id is not None
    missing = lacking(interaction.app_permissions, TO_OPEN)
    if missing:
        raise UserError(
            f"I can't run a game in this channel: I lack {listing(missing)} here. An admin can "
            "give me that in the channel's settings (Permissions), or open the game in another "
            "channel."
        )
    game = await bot.service.new_game(
        key, interaction.guild_id, channel.id, interaction.user.id, options
    )
    spec = REGISTRY[game.game_key]
    policy = TimePolicy(game.id, CLOCKS.get(clock), absent)
    message = None
    try:
        message = await channel.send(embed=lobby_embed(game, policy), view=lobby_buttons(game.id))
        thread = await message.create_thread(
            name=f"{spec.title} #{game.id}", auto_archive_duration=10080
        )
    except discord.Forbidden:
        await bot.service.cancel(game, interaction.user.id, can_manage=True)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()  # no lobby card left for a game that is not
        raise UserError(
            f"I lack a permission here: I need {listing(list(TO_OPEN.values()))}."
        ) from None
    await bot.store.set_places(game.id, thread.id, message.id)
    await bot.store.set_time_policy(game.id, policy.clock_seconds, policy.policy)
    note = await welcome(bot, game, interaction.user.id)
    await interaction.followup.send(
        f"Game #{game.id} of {spec.title} is open: {thread.mention}. Friends press "
        f"**Join**; you press **Start** when everyone is in.{note}",
        ephemeral=True,
    )


async def welcome(bot: ParleyBot, game: GameRecord, user_id: int) -> str:
    """DM a player who takes a seat; what to tell them if their DMs are closed."""
    spec = REGISTRY[game.game_key]
    if await bot.send_dm(user_id, WELCOME.format(title=spec.title, id=game.id)):
        return ""
    return "\n\n" + DM_CLOSED_HELP


async def lobby_op(interaction: discord.Interaction[ParleyBot], game_id: int, op: str) -> None:
    """Join, leave, start or cancel (a lobby button or its slash command), then update the
    lobby card and deliver what the change owes."""
    bot = interaction.client
    service = bot.service
    user = interaction.user
    try:
        game = await service.game(game_id)
        if interaction.guild_id and game.guild_id != interaction.guild_id:
            raise UserError(f"There is no game #{game_id} in this server.")
        if op == "join":
            game = await service.join(game, user.id)
            reply = f"You joined {REGISTRY[game.game_key].title} #{game.id}."
            reply += await welcome(bot, game, user.id)
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
        await reply_privately(interaction, str(error))
        return
    await refresh_lobby(bot, game)
    await bot.herald.deliver(game.id)
    await reply_privately(interaction, reply)


async def refresh_lobby(bot: ParleyBot, game: GameRecord) -> None:
    if game.lobby_message_id is None:
        return
    message = bot.get_partial_messageable(game.channel_id).get_partial_message(
        game.lobby_message_id
    )
    try:
        policy = await bot.store.time_policy(game.id)
        await message.edit(embed=lobby_embed(game, policy), view=lobby_view(game))
    except discord.HTTPException as error:
        log.warning("Could not update the lobby of game %s: %s", game.id, error.status)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:lobby:(?P<game>\d+):(?P<op>join|leave|start|cancel)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, game_id: int, op: str) -> None:
        self.game_id, self.op = game_id, op
        super().__init__(
            discord.ui.Button(
                label=op.title(), style=self.STYLES[op], custom_id=f"parley:lobby:{game_id}:{op}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, lobby_op(interaction, self.game_id, self.op))

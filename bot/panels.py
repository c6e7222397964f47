"""What a player sees: the lobby card, the private panel, and the choice buttons/menus.

All buttons and menus are ``DynamicItem``s whose custom_id carries the game id (and, for
actions, the state version), so they keep working after a restart with nothing in memory.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.messages import send_long, shorten
from bot.service import UserError
from bot.store import GameRecord
from games import REGISTRY

if TYPE_CHECKING:
    from bot.client import ParleyBot

log = logging.getLogger(__name__)

MAX_BUTTONS = 15
OOPS = "Something went wrong on my side, sorry. Nothing was changed; please try again."


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a button's work; an unexpected error is logged and the clicker gets a polite
    private answer instead of Discord's bare "This interaction failed"."""
    try:
        await work
    except Exception:
        log.exception("A button or menu failed")
        if interaction.response.is_done():
            await interaction.followup.send(OOPS, ephemeral=True)
        else:
            await interaction.response.send_message(OOPS, ephemeral=True)
MAX_MENUS = 4
CUSTOM_ID_LIMIT = 100


def choices_view(game_id: int, version: int, actions: list[str],
                 with_hand_button: bool = False) -> discord.ui.View | None:
    """Buttons for a few choices, select menus (25 each) for more; None if nothing fits."""
    view = discord.ui.View(timeout=None)
    buttons = [ActionButton(game_id, version, action)
               for action in (actions if len(actions) <= MAX_BUTTONS else [])]
    if buttons and all(len(b.item.custom_id or "") <= CUSTOM_ID_LIMIT for b in buttons):
        for button in buttons:
            view.add_item(button)
    elif len(actions) <= 25 * MAX_MENUS and all(len(a) <= 100 for a in actions):
        for part in range(0, len(actions), 25):
            view.add_item(ActionMenu(game_id, version, part // 25, actions[part:part + 25]))
    if with_hand_button:
        view.add_item(HandButton(game_id))
    return view if view.children else None


def lobby_embed(game: GameRecord) -> discord.Embed:
    spec = REGISTRY[game.game_key]
    players = "\n".join(f"{i + 1}. <@{s.user_id}>" for i, s in enumerate(game.seats))
    status = {
        "lobby": f"Waiting for players ({spec.min_players}–{spec.max_players}). "
                 "The host presses **Start**.",
        "active": "The game is on! Follow it in the thread.",
        "over": "This game is over.",
        "cancelled": "This game was cancelled.",
    }[game.status]
    embed = discord.Embed(title=f"{spec.title} · game #{game.id}", description=status,
                          color=0xC8902A)
    embed.add_field(name="Players", value=players or "nobody yet", inline=True)
    embed.add_field(name="Host", value=f"<@{game.host_id}>", inline=True)
    if game.options:
        embed.add_field(name="Options", inline=False,
                        value=" · ".join(f"{k}: {v}" for k, v in game.options.items()))
    return embed


def lobby_view(game: GameRecord) -> discord.ui.View | None:
    if game.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(game.id, op))
    return view


def panel(game: GameRecord, seat: int) -> tuple[str, discord.ui.View | None]:
    """A seat's private panel: its secrets in words, and its current choices."""
    spec = REGISTRY[game.game_key]
    lines = [f"**{spec.title} #{game.id}**: you are **{spec.seat_label(seat)}**."]
    view = None
    if game.status == "active":
        state = spec.load(game.state or "")
        secret = spec.private_text(spec.view(state, seat))
        if secret:
            lines.append(secret)
        actions = spec.legal_actions(state, seat)
        if actions:
            view = choices_view(game.id, game.version, actions)
            lines.append("Your move: pick below." if view else
                         "Your move: type `/parley move` and pick from the list.")
        else:
            waiting = ", ".join(f"<@{game.user_of(s)}>" for s in spec.to_act(state))
            lines.append(f"Waiting for {waiting}." if waiting else "")
    elif game.result:
        lines.append(f"Game over: {game.result['reason']}.")
    return shorten("\n".join(line for line in lines if line)), view


async def act_from_component(interaction: discord.Interaction, game_id: int, version: int,
                             action: str) -> None:
    """Shared by buttons and menus: apply, then refresh a private panel in place."""
    bot: ParleyBot = interaction.client  # type: ignore[assignment]
    await interaction.response.defer()
    try:
        acted = await bot.service.act(game_id, interaction.user.id, action, version)
    except UserError as error:
        await interaction.followup.send(str(error), ephemeral=True)
        return
    await bot.herald.deliver(game_id)
    trouble = bot.herald.trouble.get(game_id)
    message = interaction.message
    is_private = message is not None and (message.guild is None or message.flags.ephemeral)
    if is_private:
        seat = acted.game.seat_of(interaction.user.id)
        assert seat is not None
        content, view = panel(acted.game, seat)
        await interaction.edit_original_response(content=content, view=view)
        if trouble:
            await interaction.followup.send(trouble, ephemeral=True)
    else:
        await send_long(partial(interaction.followup.send, ephemeral=True),
                        f"Done: {acted.line}" + (f"\n\n{trouble}" if trouble else ""))


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"parley:act:(?P<game>\d+):(?P<ver>\d+):(?P<action>[\s\S]+)"):
    def __init__(self, game_id: int, version: int, action: str) -> None:
        self.game_id, self.version, self.action = game_id, version, action
        super().__init__(discord.ui.Button(
            label=action[:80], style=discord.ButtonStyle.primary,
            custom_id=f"parley:act:{game_id}:{version}:{action}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ActionButton:
        return cls(int(match["game"]), int(match["ver"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, act_from_component(interaction, self.game_id, self.version,
                                                      self.action))


class ActionMenu(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"parley:pick:(?P<game>\d+):(?P<ver>\d+):(?P<part>\d+)"):
    def __init__(self, game_id: int, version: int, part: int,
                 actions: list[str] | None = None) -> None:
        self.game_id, self.version = game_id, version
        options = [discord.SelectOption(label=a[:100], value=a[:100]) for a in actions or ["-"]]
        super().__init__(discord.ui.Select(
            placeholder="Choose your move…" if part == 0 else f"More moves ({part + 1})…",
            options=options, custom_id=f"parley:pick:{game_id}:{version}:{part}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> ActionMenu:
        return cls(int(match["game"]), int(match["ver"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[Any] = (interaction.data or {}).get("values", [])  # type: ignore[assignment]
        await guarded(interaction, act_from_component(interaction, self.game_id, self.version,
                                                      str(values[0])))


class HandButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"parley:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(
            label="My hand & moves", style=discord.ButtonStyle.secondary, emoji="🔒",
            custom_id=f"parley:hand:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ParleyBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, bot.send_panel(interaction, self.game_id))


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"parley:lobby:(?P<game>\d+):(?P<op>join|leave|start|cancel)"):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, game_id: int, op: str) -> None:
        self.game_id, self.op = game_id, op
        super().__init__(discord.ui.Button(label=op.title(), style=self.STYLES[op],
                                           custom_id=f"parley:lobby:{game_id}:{op}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["game"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ParleyBot = interaction.client  # type: ignore[assignment]
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, bot.lobby_op(interaction, self.game_id, self.op))


DYNAMIC_ITEMS = (ActionButton, ActionMenu, HandButton, LobbyButton)

"""The choices a player clicks: action buttons and menus, the button that opens a private
panel, and what a click does.

All are ``DynamicItem``s whose custom_id carries the game id (and, for actions, the state
version), so they keep working after a restart with nothing in memory. The play cog registers
them and hands :func:`choices_view` to the herald, which puts them under posts and in DMs.
(discord.py types an item's callback for any client; the handlers it calls take
``discord.Interaction[ParleyBot]``.)
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import discord

from bot.discord.bot import ParleyBot, guarded, reply_privately
from bot.discord.done import done_reply
from bot.discord.messages import send_long, shorten
from bot.play.service import UserError
from bot.play.since import digest_for
from bot.storage import GameRecord
from games import REGISTRY

MAX_BUTTONS = 15
MAX_MENUS = 4
CUSTOM_ID_LIMIT = 100


def choices_view(
    game_id: int, version: int, actions: list[str], with_hand_button: bool = False
) -> discord.ui.View | None:
    """Buttons for a few choices, select menus (25 each) for more; None if nothing fits."""
    view = discord.ui.View(timeout=None)
    buttons = [
        ActionButton(game_id, version, action)
        for action in (actions if len(actions) <= MAX_BUTTONS else [])
    ]
    if buttons and all(len(b.item.custom_id or "") <= CUSTOM_ID_LIMIT for b in buttons):
        for button in buttons:
            view.add_item(button)
    elif len(actions) <= 25 * MAX_MENUS and all(len(a) <= 100 for a in actions):
        for part in range(0, len(actions), 25):
            view.add_item(ActionMenu(game_id, version, part // 25, actions[part : part + 25]))
    if with_hand_button:
        view.add_item(HandButton(game_id))
    return view if view.children else None


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
            lines.append(
                "Your move: pick below."
                if view
                else "Your move: type `/parley move` and pick from the list."
            )
        else:
            waiting = ", ".join(f"<@{game.user_of(s)}>" for s in spec.to_act(state))
            lines.append(f"Waiting for {waiting}." if waiting else "")
    elif game.result:
        lines.append(f"Game over: {game.result['reason']}.")
    return shorten("\n".join(line for line in lines if line)), view


async def send_panel(interaction: discord.Interaction[ParleyBot], game_id: int) -> None:
    """The clicker's private panel of a game (``/parley hand`` and the hand button)."""
    try:
        game = await interaction.client.service.game(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are not playing in this game, so there is no hand to show.")
        if game.status == "lobby":
            raise UserError("The game has not started yet.")
    except UserError as error:
        await reply_privately(interaction, str(error))
        return
    content, view = panel(game, seat)
    spec = REGISTRY[game.game_key]
    if game.status == "active" and seat in spec.to_act(spec.load(game.state or "")):
        since = await digest_for(interaction.client.store, game, seat)  # since their last move
        content = shorten(f"{content}\n{since}" if since else content)
    if view is None:
        await interaction.followup.send(content, ephemeral=True)
    else:
        await interaction.followup.send(content, ephemeral=True, view=view)


async def act_from_component(
    interaction: discord.Interaction[ParleyBot], game_id: int, version: int, action: str
) -> None:
    """Shared by buttons and menus: apply, then refresh a private panel in place."""
    bot = interaction.client
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
    seat = acted.game.seat_of(interaction.user.id)
    assert seat is not None
    done, board = await done_reply(bot.store, acted.game, seat, acted.line)
    if is_private:
        content, view = panel(acted.game, seat)
        if board is not None:
            content = shorten(f"{done}\n\n{content}")
        await interaction.edit_original_response(
            content=content, view=view, attachments=[board] if board else []
        )
        if trouble:
            await interaction.followup.send(trouble, ephemeral=True)
    else:
        extras: dict[str, Any] = {}
        if board is not None:  # the turn goes on: its next choices come with the answer
            content, extras["view"] = panel(acted.game, seat)
            done += f"\n\n{content}"
            extras["file"] = board
        await send_long(
            partial(interaction.followup.send, ephemeral=True),
            done + (f"\n\n{trouble}" if trouble else ""),
            **{k: v for k, v in extras.items() if v is not None},
        )


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:act:(?P<game>\d+):(?P<ver>\d+):(?P<action>[\s\S]+)",
):
    def __init__(self, game_id: int, version: int, action: str) -> None:
        self.game_id, self.version, self.action = game_id, version, action
        super().__init__(
            discord.ui.Button(
                label=action[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"parley:act:{game_id}:{version}:{action}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["ver"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction, act_from_component(interaction, self.game_id, self.version, self.action)
        )


class ActionMenu(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"parley:pick:(?P<game>\d+):(?P<ver>\d+):(?P<part>\d+)",
):
    def __init__(
        self, game_id: int, version: int, part: int, actions: list[str] | None = None
    ) -> None:
        self.game_id, self.version = game_id, version
        options = [discord.SelectOption(label=a[:100], value=a[:100]) for a in actions or ["-"]]
        super().__init__(
            discord.ui.Select(
                placeholder="Choose your move…" if part == 0 else f"More moves ({part + 1})…",
                options=options,
                custom_id=f"parley:pick:{game_id}:{version}:{part}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActionMenu:
        return cls(int(match["game"]), int(match["ver"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(
            interaction,
            act_from_component(interaction, self.game_id, self.version, self.item.values[0]),
        )


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:hand:(?P<game>\d+)",
):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label="My hand & moves",
                style=discord.ButtonStyle.secondary,
                emoji="🔒",
                custom_id=f"parley:hand:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, send_panel(interaction, self.game_id))

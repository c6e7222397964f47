"""The bot's buttons and menus, one of each, for the tests that forge clicks: custom ids carry
a game id (or a player, or a game key) and anyone can send any of them from anywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.discord.bot import ParleyBot
from bot.discord.choices import ActionButton, ActionMenu, HandButton, StepButton
from bot.discord.lobby import LobbyButton
from bot.discord.pages import HistoryPage
from bot.discord.rematch import RematchButton
from bot.discord.resign import ResignButton
from bot.discord.reviews import ReviewButton
from bot.discord.undo import UndoAnswer
from tests.bot.fake_discord import FakeChannel, FakeDiscord, FakeMessage, InteractionRecord
from tests.bot.fake_discord.world import FakeUser

Item = discord.ui.Item[Any]

#: One of each button and menu bound to a game, built for the game id given, at version 1.
GAME_BOUND: dict[type[Item], Callable[[int], Item]] = {
    ActionButton: lambda game: ActionButton(game, 1, "place a1", "A1"),
    StepButton: lambda game: StepButton(game, 1, "", "Back", back=True),
    ActionMenu: lambda game: ActionMenu(game, 1, 0, [("A1", "place a1")]),
    HandButton: lambda game: HandButton(game),
    ResignButton: lambda game: ResignButton(game),
    LobbyButton: lambda game: LobbyButton(game, "cancel"),
    HistoryPage: lambda game: HistoryPage(game, 1, "◀ Older"),
    RematchButton: lambda game: RematchButton(game),
    ReviewButton: lambda game: ReviewButton(game),
    UndoAnswer: lambda game: UndoAnswer(game, "r1", "yes"),
}


def registered(bot: ParleyBot) -> set[type[Item]]:
    """Every button and menu class the bot answers clicks for."""
    return set(bot._connection._view_store._dynamic_items.values())


def forged(fake: FakeDiscord, channel: FakeChannel, item: Item) -> FakeMessage:
    """A message in ``channel`` carrying ``item``: what a client that forges interactions
    can click anywhere."""
    row = {"type": 1, "components": [item.to_component_dict()]}
    return fake._store_message(channel, {"content": "x", "components": [row]}, [])


async def press(
    fake: FakeDiscord, bot: ParleyBot, user: FakeUser, message: FakeMessage, item: Item
) -> InteractionRecord:
    """Press ``item`` on ``message``: click a button, or pick a menu's first option."""
    custom_id = item.to_component_dict()["custom_id"]
    component = message.component(custom_id)
    if component.kind == "select":
        return await fake.select(bot, user, message, custom_id, [component.options[0]["value"]])
    return await fake.click(bot, user, message, custom_id)

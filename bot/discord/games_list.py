"""``/parley games``: a player's games in one server, a page at a time, with buttons to turn
the pages (``DynamicItem``s whose custom id carries the player and the page, so they keep
working after a restart)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.bot import Gated, ParleyBot, guarded
from bot.discord.targets import in_server_only
from bot.play.service import UserError
from bot.storage import GameRecord, Store, who
from games import REGISTRY
from games.core.words import N_, t, tn

#: Games per page: ten lines keep a page far below Discord's 2,000 characters.
PAGE = 10
WHERE = N_("`/parley games` there, in the server whose games you want to see")


async def game_line(store: Store, game: GameRecord, user_id: int) -> str:
    """One game: whose turn (and when their clock runs out), and a link to its thread."""
    spec = REGISTRY[game.game_key]
    where = (
        f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
        if game.thread_id
        else f"<#{game.channel_id}>"
    )
    if game.status == "lobby":
        turn = t("waiting for players")
    else:
        to_act = spec.to_act(spec.load(game.state or ""))
        seat = game.seat_of(user_id)
        turn = (
            t("**your turn**")
            if seat in to_act
            else t("waiting for {players}", players=", ".join(who(game.user_of(s)) for s in to_act))
        )
        due = [
            d.due_at
            for d in await store.deadlines(game.id)
            if d.due_at is not None and d.paused_at is None
        ]
        if due:
            turn += " " + t("(clock runs out <t:{when}:R>)", when=int(min(due)))
    return t(
        "#{game} {title}: {turn} · {where}",
        game=game.id,
        title=t(spec.title),
        turn=turn,
        where=where,
    )


async def games_page(
    bot: ParleyBot, user_id: int, guild_id: int, page: int
) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (from 0; past the end, the last) of the user's games in the server."""
    mine = await bot.store.games_of_user(user_id, guild_id)
    if not mine:
        return (
            t(
                "You have no running games here. Start one with `/parley new`; "
                "`/parley games finished:True` lists the games you finished."
            ),
            None,
        )
    pages = (len(mine) + PAGE - 1) // PAGE
    page = min(page, pages - 1)
    lines = [await game_line(bot.store, g, user_id) for g in mine[page * PAGE : (page + 1) * PAGE]]
    if pages == 1:
        return "\n".join(lines), None
    head = tn(
        "Your games here, page {page} of {pages} ({n} game):",
        "Your games here, page {page} of {pages} ({n} games):",
        len(mine),
        page=page + 1,
        pages=pages,
    )
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(GamesPage(user_id, page - 1, t("◀ Previous")))
    if page < pages - 1:
        view.add_item(GamesPage(user_id, page + 1, t("Next ▶")))
    return "\n".join([head, *lines]), view


async def turn_page(interaction: discord.Interaction[ParleyBot], user_id: int, page: int) -> None:
    assert interaction.guild_id is not None  # the gate lets no DM through
    content, view = await games_page(interaction.client, user_id, interaction.guild_id, page)
    await interaction.response.edit_message(content=content, view=view)


class GamesPage(
    Gated,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:games:(?P<user>\d+):(?P<page>\d+)",
):
    def __init__(self, user_id: int, page: int, label: str = "") -> None:
        self.user_id, self.page = user_id, page
        super().__init__(
            discord.ui.Button(
                label=label or t("Page"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"parley:games:{user_id}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GamesPage:
        return cls(int(match["user"]), int(match["page"]))

    async def gate(self, interaction: discord.Interaction[ParleyBot]) -> None:
        """A player's list of games in the server clicked in, and only theirs."""
        in_server_only(interaction, WHERE)
        if interaction.user.id != self.user_id:
            raise UserError(t("That list is someone else's: `/parley games` shows yours."))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, turn_page(interaction, self.user_id, self.page))

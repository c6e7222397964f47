"""Paged answers: a game's history and a game's leaderboard, each page an
ephemeral message with Older/Newer buttons that turn it in place. The buttons are
``DynamicItem``s carrying the game (or game key) and the page, so they keep working after a
restart."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot.discord.bot import Gated, ParleyBot, guarded, reply_privately
from bot.discord.targets import GameBound, per_server
from bot.play.history import history_lines, pages
from bot.play.ratings import PROVISIONAL_GAMES
from bot.play.service import UserError
from bot.play.standings import season_ratings, seen
from bot.storage import GameRecord, Rating
from games import REGISTRY
from games.core.words import N_, t, tn

RANKS_PER_PAGE = 10


async def history_page(bot: ParleyBot, game: GameRecord, page: int | None) -> tuple[str, int, int]:
    """The text of one page of a game's history, its number and the number of pages. By
    default a finished game opens on its first moves (its end was just told in the thread),
    a game going on on its newest page."""
    spec = REGISTRY[game.game_key]
    log = await bot.store.log(game.id)
    cut = pages(await asyncio.to_thread(history_lines, spec, game, log))
    opening = 1 if game.status == "over" else len(cut)
    number = opening if page is None else page
    if not 1 <= number <= len(cut):
        raise UserError(t("The history of this game has pages 1 to {pages}.", pages=len(cut)))
    about = {"title": t(spec.title), "game": game.id, "page": number, "pages": len(cut)}
    if game.status == "active":
        heading = t("📜 **{title} #{game}**, page {page} of {pages}", **about)
    else:
        heading = t(
            "📜 **{title} #{game}**, page {page} of {pages} (the game is over: every secret is "
            "told)",
            **about,
        )
    return "\n".join([heading, *cut[number - 1]]), number, len(cut)


def rank_lines(ratings: list[Rating], page: int) -> list[str]:
    start = (page - 1) * RANKS_PER_PAGE
    return [
        tn(
            "**{rank}.** <@{player}>: {rating} ({n} rated game)",
            "**{rank}.** <@{player}>: {rating} ({n} rated games)",
            r.games,
            rank=start + i + 1,
            player=r.user_id,
            rating=seen(r),
        )
        for i, r in enumerate(ratings[start : start + RANKS_PER_PAGE])
    ]


async def ranks_page(
    bot: ParleyBot,
    guild_id: int,
    key: str,
    page: int,
    everyone: bool = False,
    season: str | None = None,
) -> tuple[str, int]:
    """One page of a game's leaderboard on a server (or of one ``season``'s leagues), and
    the number of pages. Provisional players are left out unless ``everyone``, as chess sites
    keep unsettled ratings off their lists: a lucky first win would otherwise top it."""
    spec = REGISTRY[key]
    if season is None:
        ratings = await bot.store.ratings(guild_id, key)
    else:
        ratings = await season_ratings(bot.store, guild_id, season, key)
    if not ratings:
        if season is None:
            raise UserError(
                t(
                    "Nobody has a {title} rating on this server yet: finish a game!",
                    title=t(spec.title),
                )
            )
        raise UserError(
            t(
                "Nobody has a {title} rating in season {season} yet: finish a game!",
                title=t(spec.title),
                season=season,
            )
        )
    listed = ratings if everyone else [r for r in ratings if not seen(r).provisional]
    hidden = len(ratings) - len(listed)
    if not listed:
        raise UserError(
            tn(
                "Every {title} rating on this server is still provisional ({n} player): "
                "`/parley leaderboard game:{key} all:True` lists them.",
                "Every {title} rating on this server is still provisional ({n} players): "
                "`/parley leaderboard game:{key} all:True` lists them.",
                hidden,
                title=t(spec.title),
                key=key,
            )
        )
    count = -(-len(listed) // RANKS_PER_PAGE)
    if not 1 <= page <= count:
        raise UserError(
            t("The {title} leaderboard has pages 1 to {pages}.", title=t(spec.title), pages=count)
        )
    title = (
        t(spec.title)
        if season is None
        else t("{title} · season {season}", title=t(spec.title), season=season)
    )
    heading = t(
        "🏅 **{title} leaderboard**, page {page} of {pages}", title=title, page=page, pages=count
    )
    lines = [heading, *rank_lines(listed, page)]
    if hidden:
        lines.append(
            tn(
                "{n} provisional player not listed (fewer than {games} rated games, or not yet "
                "sure): `all:True` lists them.",
                "{n} provisional players not listed (fewer than {games} rated games, or not yet "
                "sure): `all:True` lists them.",
                hidden,
                games=PROVISIONAL_GAMES,
            )
        )
    elif everyone and any(seen(r).provisional for r in listed):
        lines.append(t("? = provisional."))
    return "\n".join(lines), count


def turner(make: Any, page: int, count: int) -> discord.ui.View | None:
    """Older/Newer buttons around ``page`` of ``count``; None for a single page."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(make(page - 1, t("◀ Older"), page <= 1))
    view.add_item(make(page + 1, t("Newer ▶"), page >= count))
    return view


def history_view(game_id: int, page: int, count: int) -> discord.ui.View | None:
    return turner(lambda to, label, off: HistoryPage(game_id, to, label, off), page, count)


def ranks_view(key: str, page: int, count: int, everyone: bool = False) -> discord.ui.View | None:
    return turner(lambda to, label, off: RanksPage(key, to, label, off, everyone), page, count)


class HistoryPage(
    GameBound,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:history:(?P<game>\d+):(?P<page>\d+)",
):
    def __init__(self, game_id: int, page: int, label: str = "", disabled: bool = False) -> None:
        self.game_id, self.page = game_id, page
        super().__init__(
            discord.ui.Button(
                label=label or t("Page"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"parley:history:{game_id}:{page}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> HistoryPage:
        return cls(int(match["game"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._turn(interaction))

    async def _turn(self, interaction: discord.Interaction[ParleyBot]) -> None:
        try:
            game = await interaction.client.service.game(self.game_id)
            text, page, count = await history_page(interaction.client, game, self.page)
        except UserError as error:
            await reply_privately(interaction, str(error))
            return
        await interaction.response.edit_message(
            content=text, view=history_view(game.id, page, count)
        )


class RanksPage(
    Gated,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:ranks:(?P<key>[a-z]+):(?P<page>\d+)(?P<all>:all)?",
):
    def __init__(
        self, key: str, page: int, label: str = "", disabled: bool = False, everyone: bool = False
    ) -> None:
        self.key, self.page, self.everyone = key, page, everyone
        super().__init__(
            discord.ui.Button(
                label=label or t("Page"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"parley:ranks:{key}:{page}{':all' if everyone else ''}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RanksPage:
        return cls(match["key"], int(match["page"]), everyone=bool(match["all"]))

    async def gate(self, interaction: discord.Interaction[ParleyBot]) -> None:
        """Anyone may turn the pages, which show the clicking server's leaderboard."""
        per_server(interaction, N_("Leaderboards"), "/parley leaderboard")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._turn(interaction))

    async def _turn(self, interaction: discord.Interaction[ParleyBot]) -> None:
        assert interaction.guild_id is not None  # the gate lets no DM through
        try:
            if self.key not in REGISTRY:
                raise UserError(t("I don't know a game called `{key}`.", key=self.key))
            text, count = await ranks_page(
                interaction.client, interaction.guild_id, self.key, self.page, self.everyone
            )
        except UserError as error:
            await reply_privately(interaction, str(error))
            return
        await interaction.response.edit_message(
            content=text, view=ranks_view(self.key, self.page, count, self.everyone)
        )

"""``/parley history``, ``replay``, ``export``, ``review``, ``undo``, ``stats`` and
``leaderboard``: what a game leaves behind. Loading this cog registers the page,
undo, rematch, review and step-through buttons (the herald puts Rematch, Review and Replay under
final posts)."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bot import ParleyBot
from bot.discord.pages import (
    HistoryPage,
    RanksPage,
    history_page,
    history_view,
    ranks_page,
    ranks_view,
)
from bot.discord.records import RecordButton, send_record
from bot.discord.rematch import RematchButton
from bot.discord.replays import replay_caption, replay_file
from bot.discord.reviews import ReviewButton, answer_review, game_to_review
from bot.discord.stepper import GoToMove, StepThrough, open_stepper
from bot.discord.targets import GAME_CHOICES, find_target_game, game_autocomplete, per_server
from bot.discord.undo import UndoAnswer, ask_undo
from bot.play.ratings import PROVISIONAL_GAMES
from bot.play.service import UserError
from bot.play.standings import rating_path, record_of, seen
from bot.storage import GameRecord
from games import REGISTRY
from games.core.words import N_, number, t, tn
from renderers import chart

#: Under a record with a provisional rating: what the '?' means.
PROVISIONAL = N_("? = provisional: fewer than {n} rated games, or too few results to be sure yet.")


def link(game: GameRecord) -> str:
    if game.thread_id:
        return f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
    return f"<#{game.channel_id}>"


class HistoryCog(commands.Cog, name="history"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    async def cog_unload(self) -> None:
        self.bot.herald.replays.close()  # the bot closes: so does its replay worker
        self.bot.reviews.close()  # and its review worker

    @app_commands.command(description=N_("A game's moves, told one by one"))
    @app_commands.describe(page=N_("Which page (the newest, or the first once the game is over)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def history(
        self,
        interaction: discord.Interaction[ParleyBot],
        game: int | None = None,
        page: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        if target.state is None:
            raise UserError(t("The game has not started yet."))
        text, number, count = await history_page(self.bot, target, page)
        view = history_view(target.id, number, count)
        if view is None:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True, view=view)

    @app_commands.command(description=N_("Step through a game's boards move by move"))
    @app_commands.describe(
        move=N_("The move to start at (0: the opening board)"),
        animated=N_("The whole game as one animated GIF instead"),
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def replay(
        self,
        interaction: discord.Interaction[ParleyBot],
        game: int | None = None,
        move: app_commands.Range[int, 0] | None = None,
        animated: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        if target.state is None:
            raise UserError(t("The game has not started yet."))
        if not animated:
            await open_stepper(interaction, target.id, move)
            return
        animation = await self.bot.herald.replays.of(target)
        title = t(REGISTRY[target.game_key].title)
        await interaction.followup.send(
            replay_caption(title, target, animation),
            ephemeral=True,
            file=replay_file(target, animation),
        )

    @app_commands.command(description=N_("A game's record as a text file, to keep or to replay"))
    @app_commands.describe(game=N_("Which game (by default: this thread's)"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def export(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_record(interaction, await find_target_game(interaction, game))

    @app_commands.command(description=N_("A finished game's turning points, by the AI"))
    @app_commands.describe(
        game=N_("Which game (by default: this thread's, else your latest finished one)"),
        share=N_("Also post the moves everyone saw in the game's thread"),
    )
    @app_commands.autocomplete(game=game_autocomplete)
    async def review(
        self,
        interaction: discord.Interaction[ParleyBot],
        game: int | None = None,
        share: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await answer_review(interaction, await game_to_review(interaction, game), share)

    @app_commands.command(description=N_("Ask to take back your last move"))
    @app_commands.autocomplete(game=game_autocomplete)
    async def undo(
        self, interaction: discord.Interaction[ParleyBot], game: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = await find_target_game(interaction, game)
        await ask_undo(interaction, target)

    @app_commands.command(description=N_("A player's games, wins and ratings on this server"))
    @app_commands.describe(
        player=N_("Whose record (yours by default)"),
        game=N_("Only this game (with a chart of the rating over time)"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction[ParleyBot],
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = per_server(interaction, N_("Records and ratings"), "/parley stats")
        who = player or interaction.user
        games = await self.bot.store.finished_games(guild_id, who.id, game)
        title = t(REGISTRY[game].title) if game else t("all games")
        if not games:
            raise UserError(
                t(
                    "{player} has no finished game here ({games}) yet.",
                    player=who.mention,
                    games=title,
                )
            )
        record = record_of(who.id, games)
        lines = [t("📊 **{player}** on this server ({games})", player=who.mention, games=title)]
        if record.played:
            share = round(100 * record.won / record.played)
            lines.append(
                t(
                    "Games played: {played} · won: {won} ({share}%)",
                    played=number(record.played),
                    won=number(record.won),
                    share=share,
                )
            )
        if record.ai_played:
            lines.append(
                t(
                    "Against the AI: {played} played, {won} won (unrated)",
                    played=number(record.ai_played),
                    won=number(record.ai_won),
                )
            )
        ratings = []
        provisional = False
        for key in [game] if game else sorted({g.game_key for g in games}):
            rows = await self.bot.store.ratings(guild_id, key)
            rating = next((r for r in rows if r.user_id == who.id), None)
            if rating is not None:
                shown = seen(rating)
                provisional = provisional or shown.provisional
                ratings.append(
                    tn(
                        "{game} {rating} ({n} rated)",
                        "{game} {rating} ({n} rated)",
                        rating.games,
                        game=t(REGISTRY[key].title),
                        rating=shown,
                    )
                )
        told = " · ".join(ratings) if ratings else t("none yet")
        lines.append(t("Rating: {ratings}", ratings=told))
        if provisional:
            lines.append(t(PROVISIONAL, n=PROVISIONAL_GAMES))
        if record.favourite and not game:
            favourite = sum(g.game_key == record.favourite for g in games)
            lines.append(
                tn(
                    "Favourite game: {game} ({n} game)",
                    "Favourite game: {game} ({n} games)",
                    favourite,
                    game=t(REGISTRY[record.favourite].title),
                )
            )
        if record.longest is not None:
            longest = record.longest
            lines.append(
                tn(
                    "Longest game: #{number} {game}, {n} move · {link}",
                    "Longest game: #{number} {game}, {n} moves · {link}",
                    longest.version,
                    number=longest.id,
                    game=t(REGISTRY[longest.game_key].title),
                    link=link(longest),
                )
            )
        path = rating_path(who.id, games) if game else []
        if game is None or len(path) < 2:
            await interaction.followup.send("\n".join(lines), ephemeral=True)
            return
        png = await asyncio.to_thread(
            chart.render,
            t("{player} · {game} rating", player=who.display_name, game=t(REGISTRY[game].title)),
            [(p.points, p.provisional) for p in path],
        )
        await interaction.followup.send(
            "\n".join(lines),
            ephemeral=True,
            file=discord.File(io.BytesIO(png), filename=f"rating-{game}.png"),
        )

    @app_commands.command(description=N_("A game's best players on this server"))
    @app_commands.describe(
        everyone=N_("Also list players whose rating is still provisional"),
        season=N_("Only the rated games of this season's leagues"),
    )
    @app_commands.rename(everyone="all")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[ParleyBot],
        game: str,
        page: app_commands.Range[int, 1] = 1,
        everyone: bool = False,
        season: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = per_server(interaction, N_("Leaderboards"), "/parley leaderboard")
        if game not in REGISTRY:
            raise UserError(t("I don't know a game called `{key}`.", key=game))
        text, count = await ranks_page(self.bot, guild_id, game, page, everyone, season)
        # a season's pages are asked for by number (the page buttons show the server's)
        view = None if season else ranks_view(game, page, count, everyone)
        if view is None:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.followup.send(text, ephemeral=True, view=view)


async def setup(bot: ParleyBot) -> None:
    bot.add_dynamic_items(
        HistoryPage,
        RanksPage,
        UndoAnswer,
        RematchButton,
        ReviewButton,
        StepThrough,
        GoToMove,
        RecordButton,
    )
    await bot.add_cog(HistoryCog(bot))

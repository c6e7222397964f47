"""``/parley settings`` (time zone, quiet hours, reminders, vacation), and the loop that runs
the scheduler's tick every ``PARLEY_TICK_SECONDS`` (told of threads Discord archives)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.bot import ParleyBot
from bot.discord.cogs.languages import (
    FOLLOW_DISCORD,
    LANGUAGE_CHOICES,
    chosen_language,
    spoken_line,
)
from bot.discord.messages import shorten
from bot.discord.targets import per_server
from bot.language import language_of, speech_in
from bot.play.reminders import valid_timezone
from bot.play.service import UserError
from bot.play.vacations import take_vacation
from bot.storage import GuildSettings
from games.core.words import N_, number, speak, t

log = logging.getLogger(__name__)

HOURS = app_commands.Range[int, 0, 23]


STYLES = ("dm", "mention")
MOST_VACATION = 60


def refuse_forged(
    quiet_from: int | None,
    quiet_until: int | None,
    reminders: str | None,
    vacation_days: float | None,
) -> None:
    """Discord checks an option's range and choices in its own client only: a forged payload
    is refused in words before anything is saved."""
    if any(hour is not None and not 0 <= hour <= 23 for hour in (quiet_from, quiet_until)):
        raise UserError(t("Quiet hours are local hours from 0 to 23."))
    if reminders is not None and reminders not in STYLES:
        raise UserError(t("Reminders come by DM or by mention."))
    if vacation_days is not None and not 0 <= vacation_days <= MOST_VACATION:
        raise UserError(t("A vacation is 0 to {most} days (0 ends one).", most=MOST_VACATION))


def may_set_rule(interaction: discord.Interaction[ParleyBot], forced_games: str | None) -> None:
    """Only a member with Manage Server sets the server's rating rule, in the server; checked
    before anything is saved, so a refusal changes nothing."""
    if forced_games is None:
        return
    per_server(interaction, N_("Rating rules"), "/parley settings forced_games")
    if forced_games not in ("count", "leave out"):
        raise UserError(t("Choose `Count them` or `Leave them out` for `forced_games`."))
    perms = getattr(interaction.user, "guild_permissions", None)
    if not (perms and perms.manage_guild):
        raise UserError(t("Only a member with Manage Server can change `forced_games`."))


class TimeCog(commands.Cog, name="time"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        seconds = self.bot.settings.tick_seconds
        if seconds > 0:
            self.ticking.change_interval(seconds=seconds)
            self.ticking.start()

    async def cog_unload(self) -> None:
        """Stop the loop, and wait until it has: the store closes next. A cancellation can
        be lost in a database driver's wait (asyncpg's pool), so it is repeated."""
        self.ticking.cancel()
        task = self.ticking.get_task()
        while task is not None and not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=0.1)

    @tasks.loop(seconds=30)
    async def ticking(self) -> None:
        """A tick under way is waited for by a stop; none starts once the bot stops."""
        async with self.bot.in_flight.hold() as open_:
            if not open_:
                return
            try:
                await self.bot.scheduler.tick()
            except Exception:  # the loop must survive anything
                log.exception("Scheduler tick failed")

    @ticking.before_loop
    async def _before_ticking(self) -> None:
        await self.bot.wait_until_ready()

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        """Discord archived a thread (a quiet day): the next tick reopens it if a game lives
        there. Noted before any await, so a tick already under way sees it."""
        if after.archived and not before.archived:
            self.bot.scheduler.archived.add(after.id)

    @app_commands.command(
        description=N_("Your reminders, quiet hours and vacation (all your games)")
    )
    @app_commands.describe(
        timezone=N_("Your time zone, like Europe/Paris or America/New_York"),
        quiet_from=N_("Quiet hours start (local hour, 0-23): no reminders until they end"),
        quiet_until=N_("Quiet hours end (local hour, 0-23); set both equal to turn them off"),
        reminders=N_("How reminders reach you"),
        turn_dm=N_("Also DM me when my turn starts (with what happened since my last move)"),
        vacation_days=N_("Stop your clocks in all games for this many days (0 ends a vacation)"),
        forced_games=N_(
            "This server's ratings (Manage Server): games decided by a forfeit, a kick "
            "or the autopilot"
        ),
        language=N_("The language Parley speaks to you (in answers and DMs)"),
    )
    @app_commands.choices(
        reminders=[
            app_commands.Choice(name=N_("By DM"), value=STYLES[0]),
            app_commands.Choice(name=N_("By mention in the thread"), value=STYLES[1]),
        ],
        forced_games=[
            app_commands.Choice(name=N_("Count them"), value="count"),
            app_commands.Choice(name=N_("Leave them out"), value="leave out"),
        ],
        language=[
            *LANGUAGE_CHOICES,
            app_commands.Choice(name=N_("Follow Discord"), value=FOLLOW_DISCORD),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[ParleyBot],
        timezone: str | None = None,
        quiet_from: HOURS | None = None,
        quiet_until: HOURS | None = None,
        reminders: str | None = None,
        turn_dm: bool | None = None,
        vacation_days: app_commands.Range[float, 0, MOST_VACATION] | None = None,
        forced_games: str | None = None,
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = self.bot
        may_set_rule(interaction, forced_games)
        now = bot.clock()
        mine = await bot.store.user_settings(interaction.user.id)
        notes: list[str] = []
        if timezone is not None:
            if not valid_timezone(timezone):
                raise UserError(
                    t(
                        "`{zone}` is not a time zone I know. Use a name like `Europe/Paris`, "
                        "`America/New_York` or `UTC`.",
                        zone=timezone,
                    )
                )
            mine = replace(mine, timezone=timezone)
        refuse_forged(quiet_from, quiet_until, reminders, vacation_days)
        if (quiet_from is None) != (quiet_until is None):
            raise UserError(t("Give both `quiet_from` and `quiet_until` (local hours)."))
        if quiet_from is not None:
            mine = replace(mine, quiet_start=quiet_from, quiet_end=quiet_until)
        if reminders is not None:
            mine = replace(mine, style=reminders)
        if turn_dm is not None:
            mine = replace(mine, turn_dm=turn_dm)
        if vacation_days is not None:
            mine, note = take_vacation(mine, vacation_days, now)
            notes += [note] if note else []
        if language is not None:
            mine = replace(mine, language=chosen_language(language))
        rating_rule = await self._rating_rule(interaction, forced_games)
        await bot.store.save_user_settings(mine)
        if language is not None:  # the answer already speaks the language chosen
            bot.readers.chose(mine.user_id, mine.language)
            speak(speech_in(mine.language or language_of(interaction.locale)))
        if vacation_days is not None:
            await bot.scheduler.tick(now)  # the threads say so at once
        quiet = (
            f"{mine.quiet_start:02d}:00–{mine.quiet_end:02d}:00"
            if mine.quiet_start is not None and mine.quiet_start != mine.quiet_end
            else t("none")
        )
        summary = t(
            "Time zone: **{zone}** · quiet hours: **{quiet}** · reminders: **{reminders}** · "
            "DM when my turn starts: **{turn_dm}** · vacation days left: **{days}**",
            zone=mine.timezone,
            quiet=quiet,
            reminders=t("by DM") if mine.style == "dm" else t("by mention"),
            turn_dm=t("yes") if mine.turn_dm else t("no"),
            days=number(round(mine.vacation_bank, 1)),
        )
        lines = [*notes, summary, spoken_line(mine), *([rating_rule] if rating_rule else [])]
        await interaction.followup.send(shorten("\n".join(lines)), ephemeral=True)

    async def _rating_rule(
        self, interaction: discord.Interaction[ParleyBot], forced_games: str | None
    ) -> str | None:
        """The server's rule for games decided by a forfeit, a kick or the autopilot (changed
        first if ``forced_games`` says so: :func:`may_set_rule` has allowed it). None in a DM."""
        if interaction.guild_id is None:
            return None
        store = self.bot.store
        settings = await store.guild_settings(interaction.guild_id)
        if forced_games is not None:
            settings = GuildSettings(interaction.guild_id, forced_games == "count")
            await store.save_guild_settings(settings)
        if settings.rate_forced:
            return t(
                "On this server, games decided by a forfeit, a kick or the autopilot count in "
                "the ratings (games finished from now on); games with an AI seat are never rated."
            )
        return t(
            "On this server, games decided by a forfeit, a kick or the autopilot are left out "
            "of the ratings (games finished from now on); games with an AI seat are never rated."
        )


async def setup(bot: ParleyBot) -> None:
    await bot.add_cog(TimeCog(bot))

"""``/parley league``: ``new`` (a sign-up card with Join and Leave, and the league's thread),
``standings`` (the table as a picture, and what decides the next round), ``list`` (the
server's leagues, past ones too, by season), ``leave``, and ``role`` (who besides members with
Manage Server may create leagues). The rounds run themselves on the tick
(:mod:`bot.discord.leagues`)."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.bot import ParleyBot, committed
from bot.discord.cogs.languages import LANGUAGE_CHOICES, game_language
from bot.discord.cogs.lobby import CLOCK_CHOICES, options_autocomplete
from bot.discord.leagues import (
    FORMATS,
    LeagueButton,
    card_view,
    format_words,
    league_card,
    league_title,
    reach_league,
    sign,
    standings_file,
    standings_text,
)
from bot.discord.permissions import TO_OPEN, lacking, listing
from bot.discord.targets import GAME_CHOICES, per_server
from bot.language import speech_in
from bot.play.clocks import CLOCKS, POLICIES
from bot.play.leagues.rounds import LeagueRounds
from bot.play.service import UserError, parse_options
from bot.storage.leagues import LeagueDraft, LeagueFormat, LeagueRecord
from games import REGISTRY, find_game
from games.core.words import N_, speaking, t, tn

FORMAT_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in FORMATS.items()]
#: A league's games must end, so no round waits forever: never "wait for them".
ABSENT_CHOICES = [
    app_commands.Choice(name=POLICIES[key], value=key) for key in ("autopilot", "forfeit")
]
#: A league's state as ``/parley league list`` says it.
LEAGUE_STATES = {
    "signup": N_("signing up"),
    "playing": N_("round {round}"),
    "over": N_("over"),
    "cancelled": N_("called off"),
}
MOST_ROUNDS = 30
MOST_SIGNUP_DAYS = 30


async def may_organise(interaction: discord.Interaction[ParleyBot], guild_id: int) -> None:
    """Members with Manage Server, or with the role the server named, create leagues."""
    member = interaction.user
    perms = getattr(member, "guild_permissions", None)
    if perms is not None and perms.manage_guild:
        return
    role = await interaction.client.store.league_role(guild_id)
    roles = {r.id for r in getattr(member, "roles", [])}
    if role is None or role not in roles:
        if role:
            mention = f"<@&{role}>"
            raise UserError(
                t(
                    "Only members with Manage Server or the {role} role can create a league here.",
                    role=mention,
                )
            )
        raise UserError(t("Only members with Manage Server can create a league here."))


def drafted(
    interaction: discord.Interaction[ParleyBot],
    name: str,
    game: str,
    format: str,
    rounds: int,
    signup_hours: float,
    clock: str,
    absent: str,
    rated: bool,
    options: str,
    seats: int,
    season: str | None,
) -> LeagueDraft:
    """What ``/parley league new`` asked for, checked (a forged payload included)."""
    spec = find_game(game)
    if spec is None:
        raise UserError(t("Pick the game from the list offered."))
    if format not in FORMATS or absent not in ("autopilot", "forfeit"):
        raise UserError(t("Pick the format and what happens when a clock runs out from the lists."))
    seconds = CLOCKS.get(clock)
    if seconds is None:
        raise UserError(t("A league needs a move clock, so that every round ends: pick one."))
    seats = seats or (2 if spec.max_players == 2 else min(spec.max_players, 4))
    if not spec.min_players <= seats <= spec.max_players:
        raise UserError(
            t(
                "{game} takes {players}, not {seats}.",
                game=t(spec.title),
                players=spec.player_range(),
                seats=seats,
            )
        )
    if seats > 2 and format != "robin":
        raise UserError(
            t("Swiss and elimination pair two players; for tables of more, choose round robin.")
        )
    if format == "swiss" and not 1 <= rounds <= MOST_ROUNDS:
        raise UserError(
            t("A Swiss league needs its number of rounds: 1 to {most}.", most=MOST_ROUNDS)
        )
    if not 0 <= rounds <= MOST_ROUNDS:
        raise UserError(
            t("Rounds: 1 to {most} (0: as many as the format needs).", most=MOST_ROUNDS)
        )
    if not 0 < signup_hours <= 24 * MOST_SIGNUP_DAYS:
        raise UserError(
            t(
                "Sign-up lasts more than 0 hours and at most {most} days.",
                most=MOST_SIGNUP_DAYS,
            )
        )
    name, season = name.strip()[:60], (season or "").strip()[:40] or None
    if not name:
        raise UserError(t("Give the league a name."))
    league_format: LeagueFormat = format  # type: ignore[assignment]
    assert interaction.guild_id is not None and interaction.channel_id is not None
    return LeagueDraft(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        organiser_id=interaction.user.id,
        name=name,
        game_key=spec.key,
        options=parse_options(spec, options),
        clock_seconds=seconds,
        policy="forfeit" if absent == "forfeit" else "autopilot",
        format=league_format,
        rounds=0 if format == "knockout" or (format == "robin" and seats == 2) else rounds,
        seats=seats,
        signup_until=interaction.client.clock() + signup_hours * 3600,
        rated=rated,
        season=season,
    )


async def chosen_league(
    interaction: discord.Interaction[ParleyBot], league_id: int | None
) -> LeagueRecord:
    """The ``league`` option, else the league whose thread this is, else the server's newest."""
    guild_id = per_server(interaction, N_("Leagues"), "/parley league")
    if league_id is not None:
        return await reach_league(interaction, league_id)
    leagues = await interaction.client.store.leagues(guild_id)
    here = [lg for lg in leagues if lg.thread_id == interaction.channel_id]
    if here or leagues:
        return (here or leagues)[0]
    raise UserError(t("There is no league in this server yet: `/parley league new` starts one."))


class LeagueCog(commands.Cog, name="league"):
    league = app_commands.Group(
        name="league", description=N_("Leagues: many games at once, round after round")
    )

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    @league.command(description=N_("Create a league here; members join with the button"))
    @app_commands.describe(
        name=N_("The league's name"),
        game=N_("Which game"),
        format=N_("Swiss, round robin (tables for multi-player games) or single elimination"),
        rounds=N_("Rounds (Swiss: required; round robin at tables: 0 = until all have met)"),
        signup_hours=N_("Hours until sign-up closes and round 1 is drawn"),
        clock=N_("Time for each move"),
        absent=N_("What happens when a player's clock runs out"),
        rated=N_("Whether its games count in the server's ratings"),
        options=N_("Game options, like board=compass"),
        seats=N_("Players at each table (multi-player games; default up to 4)"),
        season=N_("The season it belongs to (made if new)"),
        language=N_("The language of its thread and games (default: the server's)"),
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        format=FORMAT_CHOICES,
        clock=CLOCK_CHOICES[1:],
        absent=ABSENT_CHOICES,
        language=LANGUAGE_CHOICES,
    )
    @app_commands.autocomplete(options=options_autocomplete)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction[ParleyBot],
        name: str,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 0, MOST_ROUNDS] = 0,
        signup_hours: float = 24.0,
        clock: str = "24h",
        absent: str = "autopilot",
        rated: bool = True,
        options: str = "",
        seats: app_commands.Range[int, 0, 9] = 0,
        season: str | None = None,
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = per_server(interaction, N_("Leagues"), "/parley league new")
        await may_organise(interaction, guild_id)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise UserError(
                t("Create leagues in a text channel: the league and its games get threads there.")
            )
        missing = lacking(interaction.app_permissions, TO_OPEN)
        if missing:
            raise UserError(
                t(
                    "I can't run a league in this channel: I lack {permissions} here.",
                    permissions=listing(missing),
                )
            )
        draft = drafted(
            interaction,
            name,
            game,
            format,
            rounds,
            signup_hours,
            clock,
            absent,
            rated,
            options,
            seats,
            season,
        )
        draft = replace(draft, language=game_language(language, interaction.guild_locale))
        store = self.bot.store
        league = await store.create_league(draft)
        committed(interaction, t("League #{number} is created.", number=league.id))
        with speaking(speech_in(league.draft.language)):  # the card and thread: the league's
            card = await channel.send(
                embed=league_card(league, []),
                view=card_view(league) or discord.utils.MISSING,
                nonce=f"parley-league-{league.id}",
            )
            thread = await card.create_thread(
                name=league_title(league)[:100], auto_archive_duration=10080
            )
        await store.set_league_places(league.id, card.id, thread.id)
        await interaction.followup.send(
            t(
                "**{league}** ({game}, {format}) is open for sign-up: {thread}. Round 1 is drawn "
                "when sign-up closes.",
                league=league.draft.name,
                game=t(REGISTRY[draft.game_key].title),
                format=format_words(league),
                thread=f"<#{thread.id}>",
            ),
            ephemeral=True,
        )

    @league.command(description=N_("A league's table, and what decides the next round"))
    @app_commands.describe(league=N_("The league's number (default: this thread's, or the newest)"))
    @app_commands.guild_only()
    async def standings(
        self, interaction: discord.Interaction[ParleyBot], league: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await chosen_league(interaction, league)
        view = await LeagueRounds(self.bot.store, self.bot.service).view(found)
        table = view.table()
        text = standings_text(view)
        if not table:
            nobody = t("Nobody has signed up yet.")
            await interaction.followup.send(f"{text}\n{nobody}", ephemeral=True)
            return
        file = await standings_file(self.bot, view, table)
        await interaction.followup.send(text, file=file, ephemeral=True)

    @league.command(name="list", description=N_("The server's leagues, past ones too"))
    @app_commands.describe(season=N_("Only this season's leagues"))
    @app_commands.guild_only()
    async def listing(
        self, interaction: discord.Interaction[ParleyBot], season: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = per_server(interaction, N_("Leagues"), "/parley league list")
        leagues = await self.bot.store.leagues(guild_id, season)
        if not leagues:
            if season:
                raise UserError(
                    t("There are no leagues in season {season} in this server yet.", season=season)
                )
            raise UserError(t("There are no leagues in this server yet."))
        lines = []
        for lg in leagues[:25]:
            where = f" <#{lg.thread_id}>" if lg.thread_id else ""
            tag = (
                t(" · season {season}", season=lg.draft.season)
                if lg.draft.season and not season
                else ""
            )
            state = t(LEAGUE_STATES[lg.status], round=lg.round)
            lines.append(
                f"#{lg.id} **{lg.draft.name}** ({t(REGISTRY[lg.draft.game_key].title)}, "
                f"{format_words(lg)}): {state}{tag}{where}"
            )
        if len(leagues) > 25:
            lines.append(tn("… and {n} older.", "… and {n} older.", len(leagues) - 25))
        lines.append(t("`/parley league standings league:N` shows a table."))
        text = "\n".join(lines)
        await interaction.followup.send(text[:2000], ephemeral=True)

    @league.command(description=N_("Leave a league (your games in play go to the autopilot)"))
    @app_commands.describe(league=N_("The league's number (default: this thread's, or the newest)"))
    @app_commands.guild_only()
    async def leave(
        self, interaction: discord.Interaction[ParleyBot], league: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await chosen_league(interaction, league)
        await interaction.followup.send(await sign(interaction, found, "leave"), ephemeral=True)

    @league.command(description=N_("Who besides Manage Server may create leagues (Manage Server)"))
    @app_commands.describe(
        role=N_("This role may create leagues (leave empty: Manage Server only)")
    )
    @app_commands.guild_only()
    async def role(
        self, interaction: discord.Interaction[ParleyBot], role: discord.Role | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = per_server(interaction, N_("League settings"), "/parley league role")
        perms = getattr(interaction.user, "guild_permissions", None)
        if not (perms and perms.manage_guild):
            raise UserError(t("Only a member with Manage Server can change this."))
        await self.bot.store.set_league_role(guild_id, None if role is None else role.id)
        said = (
            t("Members with {role} can now create leagues here.", role=role.mention)
            if role
            else t("Only members with Manage Server can now create leagues here.")
        )
        await interaction.followup.send(said, ephemeral=True)


async def setup(bot: ParleyBot) -> None:
    await bot.add_cog(LeagueCog(bot))
    bot.add_dynamic_items(LeagueButton)

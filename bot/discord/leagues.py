"""A league on Discord: its sign-up card (Join and Leave buttons) and thread, the posts the
league's thread gets (one per round: the last round's results and the new pairings; one at
the end: the podium), and the desk that runs every due league on the scheduler's tick
(:class:`bot.play.leagues.rounds.LeagueRounds` does the work; this only tells of it)."""

from __future__ import annotations

import contextlib
import io
import logging
import re
from typing import Any, ClassVar

import discord

from bot.discord.bot import Gated, ParleyBot, committed, guarded, reply_privately
from bot.language import speech_in
from bot.play.clocks import POLICIES, clock_name
from bot.play.leagues.rounds import LeagueRounds, LeagueView
from bot.play.leagues.table import TIE_BREAKS, Line, deciding
from bot.play.service import UserError
from bot.play.wording import fit
from bot.storage import who
from bot.storage.leagues import LeagueBoard, LeagueRecord
from games import REGISTRY
from games.core.words import N_, NP_, joined, number, speaking, t, tn, tp
from renderers import standings as picture

log = logging.getLogger(__name__)

#: Each format's name (said with ``t``).
FORMATS = {
    "swiss": N_("Swiss"),
    "robin": N_("Round robin"),
    "knockout": N_("Single elimination"),
}
NONE = discord.AllowedMentions.none()


def score(points: float) -> str:
    """Points as a table shows them: 2, 2.5, 1.33 (2,5 in German)."""
    rounded = round(points, 2)
    return number(int(rounded)) if rounded == int(rounded) else number(rounded)


def points_line(player: str, points: float) -> str:
    """A player and their points on the podium: "@Ann: 2 points"."""
    if points == int(points):
        return tn("{player}: {n} point", "{player}: {n} points", int(points), player=player)
    return t("{player}: {points} points", player=player, points=score(points))


def league_title(league: LeagueRecord) -> str:
    return t("{name} · league #{league}", name=league.draft.name, league=league.id)


def format_words(league: LeagueRecord) -> str:
    """The format, its tables and its rounds: "Swiss at tables of 4, 5 rounds"."""
    draft = league.draft
    name = t(FORMATS[draft.format])
    if draft.seats > 2:
        name = t("{format} at tables of {seats}", format=name, seats=draft.seats)
    if draft.rounds:
        name = tn("{format}, {n} round", "{format}, {n} rounds", draft.rounds, format=name)
    return name


def league_card(league: LeagueRecord, players: list[int]) -> discord.Embed:
    """The sign-up card: the game, format, clock, deadline and who is in."""
    draft = league.draft
    status = {
        "signup": t(
            "Sign-up closes <t:{when}:R>. Press **Join** to play.",
            when=int(draft.signup_until),
        ),
        "playing": t("The league is on: rounds and results in the thread."),
        "over": t("This league is over: the podium is in the thread."),
        "cancelled": t("This league was called off: too few players signed up."),
    }[league.status]
    embed = discord.Embed(title=league_title(league), description=status, color=0xC8902A)
    embed.add_field(name=t("Game"), value=REGISTRY[draft.game_key].title, inline=True)
    embed.add_field(name=t("Format"), value=format_words(league), inline=True)
    embed.add_field(name=t("Move clock"), value=clock_name(draft.clock_seconds), inline=True)
    embed.add_field(name=t("When a clock runs out"), value=t(POLICIES[draft.policy]), inline=True)
    embed.add_field(name=t("Rated"), value=t("yes") if draft.rated else t("no"), inline=True)
    if draft.season:
        embed.add_field(name=t("Season"), value=draft.season, inline=True)
    names = ", ".join(who(p) for p in players) or t("nobody yet")
    embed.add_field(
        name=t("Players ({count})", count=len(players)), value=fit(names, 1024), inline=False
    )
    return embed


def card_view(league: LeagueRecord) -> discord.ui.View | None:
    if league.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LeagueButton(league.id, "join"))
    view.add_item(LeagueButton(league.id, "leave"))
    return view


def results_lines(boards: list[LeagueBoard]) -> list[str]:
    lines = []
    for board in boards:
        players = [who(p) for p in board.players]
        if len(players) == 1:
            lines.append("• " + t("{player} had a bye (a win).", player=players[0]))
        elif board.winners is None:
            lines.append("• " + t("{players}: still playing.", players=versus(players)))
        elif not board.winners or set(board.winners) == set(board.players):
            lines.append("• " + t("{players} drew.", players=joined(players)))
        else:
            won = [who(p) for p in board.players if p in board.winners]
            lost = [who(p) for p in board.players if p not in board.winners]
            lines.append(
                "• " + t("{winners} beat {losers}.", winners=joined(won), losers=", ".join(lost))
            )
    return lines


def versus(players: list[str]) -> str:
    """The players of one board: "A vs B vs C"."""
    return t(" vs ").join(players)


def pairing_lines(boards: list[LeagueBoard]) -> list[str]:
    lines = []
    for board in boards:
        players = [who(p) for p in board.players]
        if len(players) == 1:
            lines.append("• " + t("{player} has a bye (a win).", player=players[0]))
        elif board.thread_id:
            lines.append(
                "• " + t("{players}: <#{thread}>", players=versus(players), thread=board.thread_id)
            )
        else:
            lines.append(f"• {versus(players)}")
    return lines


def opened(boards: list[LeagueBoard]) -> bool:
    """Every game of these boards has its thread (or will never have one: called off)."""
    return all(len(b.players) == 1 or b.thread_id or b.status == "cancelled" for b in boards)


def round_post(view: LeagueView, round_no: int) -> str:
    """Round ``round_no``'s post: the results of the round before, then this round's boards."""
    league = view.league
    parts = []
    if round_no > 1:
        last = [b for b in view.boards if b.round == round_no - 1]
        heading = t("**Round {round} results**", round=round_no - 1)
        parts.append("\n".join([heading, *results_lines(last)]))
    this = [b for b in view.boards if b.round == round_no]
    rounds = league.draft.rounds or round_no
    heading = t(
        "**Round {round} of {rounds}**: each game has its own thread, where its players are "
        "pinged.",
        round=round_no,
        rounds=rounds,
    )
    parts.append("\n".join([heading, *pairing_lines(this)]))
    return fit("\n\n".join(parts), 2000)


def podium_post(view: LeagueView, table: list[Line]) -> str:
    league = view.league
    last = [b for b in view.boards if b.round == league.round]
    medals = ("🥇", "🥈", "🥉")
    podium = [
        f"{medals[line.rank - 1]} {points_line(who(line.player), line.points)}"
        for line in table
        if line.rank <= 3
    ]
    text = "\n".join(
        [
            t("**Round {round} results**", round=league.round),
            *results_lines(last),
            "",
            t("🏆 **{name} is over!**", name=league.draft.name),
            *podium,
        ]
    )
    return fit(text, 2000)


async def names(bot: ParleyBot, users: list[int]) -> dict[int, str]:
    """Display names for the table's picture (a mention cannot be drawn)."""
    found: dict[int, str] = {}
    for user_id in users:
        user = bot.get_user(user_id)
        if user is None:
            with contextlib.suppress(discord.HTTPException):
                user = await bot.fetch_user(user_id)
        found[user_id] = (
            user.display_name if user is not None else t("player {n}", n=len(found) + 1)
        )
    return found


async def standings_file(bot: ParleyBot, view: LeagueView, table: list[Line]) -> discord.File:
    league = view.league
    (_, first), (_, second) = TIE_BREAKS[league.draft.format]
    named = await names(bot, [line.player for line in table[: picture.MOST_ROWS]])
    rows = [
        picture.Row(
            line.rank,
            named.get(line.player, ""),
            score(line.points),
            (score(line.breaks[0]), score(line.breaks[1])),
            line.left,
            line.player in view.gone,
        )
        for line in table
    ]
    rounds = league.draft.rounds or league.round
    title = t(
        "{name} · round {round} of {rounds}",
        name=league.draft.name,
        round=league.round,
        rounds=rounds,
    )
    if league.status == "over":
        title = t("{name} · final table", name=league.draft.name)
    png = picture.render(title, (first, second), rows)
    return discord.File(io.BytesIO(png), filename=f"league-{league.id}.png")


def standings_text(view: LeagueView) -> str:
    """The words beside the picture: the legend and what decides the next round."""
    league = view.league
    (first, a), (second, b) = TIE_BREAKS[league.draft.format]
    rounds = league.draft.rounds or league.round
    status = {
        "signup": t("Sign-up is still open: the table starts with round 1."),
        "playing": deciding(league.draft.format, league.round, rounds, league.draft.seats),
        "over": t("The league is over: this is the final table."),
        "cancelled": t("This league was called off."),
    }[league.status]
    lines = [f"**{league_title(league)}** ({t(REGISTRY[league.draft.game_key].title)})", status]
    lines.append(
        t(
            "{a} = {first}, {b} = {second}; Left = games still to play.",
            a=t(a),
            first=t(first),
            b=t(b),
            second=t(second),
        )
    )
    return fit("\n".join(lines), 2000)


class LeagueDesk:
    """Runs the due leagues on each tick (:meth:`tick`, before the scheduler opens the games
    it made), then makes the posts they owe in their threads (:meth:`announce`, after, so a
    round's post links its games' threads). A post is sent with a nonce and recorded after,
    so a crash between the two sends it again only where Discord has not already dropped the
    repeat."""

    def __init__(self, bot: ParleyBot, rounds: LeagueRounds) -> None:
        self.bot = bot
        self.rounds = rounds
        #: The leagues this tick stepped, whose posts :meth:`announce` makes.
        self.stepped: list[LeagueRecord] = []

    async def tick(self, now: float) -> None:
        self.stepped = []
        for league_id in await self.bot.store.leagues_due(now):
            try:
                league = await self.rounds.step(league_id, now)
            except Exception:
                log.exception("League %s failed on this tick", league_id)
                continue
            if league is not None:
                self.stepped.append(league)

    async def announce(self) -> None:
        stepped, self.stepped = self.stepped, []
        for league in stepped:
            try:
                await self.tell(league)
            except Exception:
                log.exception("League %s's posts failed on this tick", league.id)

    async def tell(self, league: LeagueRecord) -> None:
        """The thread posts the league owes: each round drawn (once its games have their
        threads), then its end; in the league's language."""
        with speaking(speech_in(league.draft.language)):
            await self._tell(league)

    async def _tell(self, league: LeagueRecord) -> None:
        if league.thread_id is None:
            return
        view = await self.rounds.view(league)
        thread = self.bot.get_partial_messageable(league.thread_id, guild_id=league.draft.guild_id)
        for round_no in range(league.posted + 1, league.round + 1):
            if not opened([b for b in view.boards if b.round == round_no]):
                return  # a later tick, once the opener has made them
            text = round_post(view, round_no)
            await thread.send(text, allowed_mentions=NONE, nonce=f"lg-{league.id}-{round_no}")
            await self.bot.store.mark_league_posted(league.id, round_no)
        if league.status in ("over", "cancelled") and league.posted <= league.round:
            if league.status == "over":
                table = view.table()
                await thread.send(
                    podium_post(view, table),
                    file=await standings_file(self.bot, view, table),
                    allowed_mentions=NONE,
                    nonce=f"lg-{league.id}-end",
                )
            else:
                await thread.send(
                    t("The league is called off: too few players signed up."),
                    nonce=f"lg-{league.id}-end",
                )
            await self.bot.store.mark_league_posted(league.id, league.round + 1)
        if league.posted == 0 and league.status != "signup":
            await refresh_card(self.bot, league)


async def refresh_card(bot: ParleyBot, league: LeagueRecord) -> None:
    if league.card_id is None:
        return
    players = [p.user_id for p in await bot.store.league_players(league.id)]
    card = bot.get_partial_messageable(league.draft.channel_id).get_partial_message(league.card_id)
    try:
        with speaking(speech_in(league.draft.language)):  # whoever's click changed it
            view = card_view(league)
            await card.edit(
                embed=league_card(league, players),
                view=view,
            )
    except discord.HTTPException as error:
        log.warning("Could not update the card of league %s: %s", league.id, error.status)


async def reach_league(interaction: discord.Interaction[ParleyBot], league_id: int) -> LeagueRecord:
    """The league, if it belongs to this server; else the answer a missing league gets."""
    league = await interaction.client.store.league(league_id) if league_id < 2**63 else None
    if league is None or league.draft.guild_id != interaction.guild_id:
        raise UserError(t("There is no league #{league} in this server.", league=league_id))
    return league


async def sign(interaction: discord.Interaction[ParleyBot], league: LeagueRecord, op: str) -> str:
    """Join or leave: the answer to give. Leaving after the draw is recorded here; the
    league's next step on the tick hands the player's games in play to the autopilot."""
    bot = interaction.client
    user = interaction.user.id
    if op == "join":
        if league.status != "signup":
            raise UserError(t("Sign-up for this league is closed."))
        if not await bot.store.join_league(league.id, user):
            raise UserError(t("You are already signed up for this league."))
        committed(interaction, t("You joined **{name}**.", name=league.draft.name))
        answer = t(
            "You joined **{name}**. The first round is drawn when sign-up closes.",
            name=league.draft.name,
        )
    else:
        if not await bot.store.leave_league(league.id, user):
            raise UserError(t("You are not playing in this league."))
        committed(interaction, t("You left **{name}**.", name=league.draft.name))
        answer = t("You left **{name}**.", name=league.draft.name)
        if league.status == "playing":
            # the league's next step (on the tick) hands their seats to the autopilot
            answer = t(
                "You left **{name}**. The autopilot takes over your games in progress; you get "
                "no new ones.",
                name=league.draft.name,
            )
    fresh = await bot.store.league(league.id)
    if fresh is not None and fresh.status == "signup":
        await refresh_card(bot, fresh)
    return answer


class LeagueButton(
    Gated,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:league:(?P<league>\d+):(?P<op>join|leave)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
    }
    LABELS: ClassVar[dict[str, str]] = {
        "join": NP_("button", "Join"),
        "leave": NP_("button", "Leave"),
    }

    def __init__(self, league_id: int, op: str) -> None:
        self.league_id, self.op = league_id, op
        super().__init__(
            discord.ui.Button(
                label=tp("button", self.LABELS[op]),
                style=self.STYLES[op],
                custom_id=f"parley:league:{league_id}:{op}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LeagueButton:
        return cls(int(match["league"]), match["op"])

    async def gate(self, interaction: discord.Interaction[ParleyBot]) -> None:
        await reach_league(interaction, self.league_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, self.answer(interaction))

    async def answer(self, interaction: discord.Interaction[ParleyBot]) -> None:
        league = await reach_league(interaction, self.league_id)
        try:
            answer = await sign(interaction, league, self.op)
        except UserError as error:
            answer = str(error)
        await reply_privately(interaction, answer)

"""``/parley help`` and ``/parley rules``: what to do first, and each game's rules with a
picture of a sample move that teaches the buttons (never typed moves).

The picture is the game's board after its ``lesson`` (:mod:`bot.play.lessons`), drawn off the
event loop once per game and kept: it is the same every time. A rules button under the help
answer is a ``DynamicItem`` carrying only the game's key, so it works after a restart, in any
server and in DMs: rules are no secret.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord

from bot.discord.bot import Gated, ParleyBot, guarded
from bot.discord.choices import MAX_BUTTONS
from bot.play.lessons import Pick, Worked, work
from bot.play.service import UserError
from bot.play.wording import fit, option_help
from games import REGISTRY, GameSpec
from games.core.words import N_, speech, t
from renderers.lesson import Press, picture

#: Said with ``t`` where it is answered.
HELP = N_(
    "**Parley: pirate board games, played over days**\n"
    "• **Start a game:** `/parley new` in a server channel, then pick the game. Friends press "
    "**Join**, and you press **Start**; the game gets its own thread.\n"
    "• **Play:** when it is your turn the bot pings you in the thread. Press your move on the "
    "board post: its buttons (or menu) say each move in words. Your private cards and secret "
    "choices come by DM, or privately with `/parley hand`.\n"
    "• **Your games:** `/parley games` lists them, with whose turn it is and a link to each.\n"
    "• **New to a game?** `/parley learn` plays a private practice game against the AI, with a "
    "note on each of your turns.\n"
    "• **Rules:** press a game below for its rules and a sample move (or `/parley rules`)."
)
RULES_COLOR = 0xC8902A

#: (game key, language) -> the rules picture, and the sample move in words: the same every time.
_pictures: dict[tuple[str, str], bytes] = {}
_worked: dict[tuple[str, str], Worked | None] = {}


def help_view() -> discord.ui.View:
    """A rules button per game."""
    view = discord.ui.View(timeout=None)
    for key in REGISTRY:
        view.add_item(RulesButton(key))
    return view


def sample_words(worked: Worked) -> str:
    """The sample move in words: each click (a button pressed, or a menu's entry picked), then
    what the move changed."""
    lines = [t("**A sample move** (in the picture):")]
    for number, clicks in enumerate(worked.picks, start=1):
        said = [click_words(worked.seat, c, first=i == 0) for i, c in enumerate(clicks)]
        lines.append(f"{number}. {', '.join(said)}.")
    if worked.marks:
        lines.append(t("What it did: {changes}", changes=" ".join(m["text"] for m in worked.marks)))
    return "\n".join(lines)


def click_words(seat: str, click: Pick, first: bool) -> str:
    """One click of the sample move: the seat's first ("Red presses **Bid 3**"), or a later
    one ("then picks **A1** in the menu")."""
    if first:
        if click.in_menu:
            return t("{seat} picks **{entry}** in the menu", seat=seat, entry=click.words)
        return t("{seat} presses **{button}**", seat=seat, button=click.words)
    if click.in_menu:
        return t("then picks **{entry}** in the menu", entry=click.words)
    return t("then presses **{button}**", button=click.words)


def draw(spec: GameSpec[Any], worked: Worked) -> bytes:
    """The rules picture (slow: run it off the event loop)."""
    presses = [Press(c.words, c.in_menu) for clicks in worked.picks for c in clicks]
    notes = [m["text"] for m in worked.marks]
    heading = t("{title}: a sample move by {seat}", title=t(spec.title), seat=worked.seat)
    clicked = t("{seat} clicked, in order:", seat=worked.seat)
    return picture(spec.key, worked.view, worked.marks, heading, clicked, presses, notes)


async def lesson(spec: GameSpec[Any]) -> tuple[Worked | None, bytes | None]:
    """``spec``'s sample move and its picture, worked out and drawn once per game and
    language (the threads it runs in speak the language spoken here)."""
    key = (spec.key, speech().code)
    if key not in _worked:
        _worked[key] = await asyncio.to_thread(work, spec, MAX_BUTTONS)
    worked = _worked[key]
    if worked is None:
        return None, None
    if key not in _pictures:
        _pictures[key] = await asyncio.to_thread(draw, spec, worked)
    return worked, _pictures[key]


async def rules_answer(spec: GameSpec[Any]) -> dict[str, Any]:
    """The keywords of the private rules answer: an embed of the summary, the sample move in
    words and the options, with the picture attached."""
    worked, png = await lesson(spec)
    summary = t(spec.summary)
    text = summary if worked is None else f"{summary}\n\n{sample_words(worked)}"
    embed = discord.Embed(
        title=f"{t(spec.title)} ({spec.player_range()})",
        description=fit(text, 4000),
        color=RULES_COLOR,
    )
    for option in spec.options[:25]:
        embed.add_field(
            name=fit(t(option.description), 256),
            value=fit(option_help(option), 1024),
            inline=False,
        )
    if png is None:
        return {"embed": embed}
    name = f"rules-{spec.key}.png"
    embed.set_image(url=f"attachment://{name}")
    return {"embed": embed, "file": discord.File(io.BytesIO(png), filename=name)}


class RulesButton(
    Gated,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"parley:rules:(?P<key>[a-z0-9_]+)",
):
    """Shows one game's rules to the clicker alone, as ``/parley rules`` does."""

    def __init__(self, key: str) -> None:
        self.key = key
        spec = REGISTRY.get(key)
        super().__init__(
            discord.ui.Button(
                label=fit(spec.title if spec else t("Rules"), 80),
                style=discord.ButtonStyle.secondary,
                emoji="📜",
                custom_id=f"parley:rules:{key}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> RulesButton:
        return cls(match["key"])

    async def gate(self, interaction: discord.Interaction[ParleyBot]) -> None:
        """Anyone may read any game's rules, anywhere; only a game the bot knows."""
        if self.key not in REGISTRY:
            raise UserError(t("I don't know that game."))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await guarded(interaction, self._show(interaction))

    async def _show(self, interaction: discord.Interaction[ParleyBot]) -> None:
        answer = await rules_answer(REGISTRY[self.key])
        await interaction.followup.send(ephemeral=True, **answer)
